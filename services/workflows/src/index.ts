export * from './api';
export { createOrderWorker, workflowsPath } from './worker';
export { quietTemporal } from './testing';
