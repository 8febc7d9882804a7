export * from './api';
export * from './contract';
export * from './format';
export * from './router';
export * from './session';
export * from './shop';
export * from './states';
export { PolarisRoot } from './polaris';
export { useRemoteToast } from './toast';
