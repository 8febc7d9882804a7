export * from './client';
export * from './errors';
export * from './oauth';
export * from './session';
