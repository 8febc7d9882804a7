export * from './api';
export { createOrderWorker, workflowSource } from './worker';
export { quietTemporal } from './testing';
