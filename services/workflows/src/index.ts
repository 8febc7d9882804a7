export * from './api';
export { createOrderWorker, workflowsPath } from './worker';
export { quietTemporal } from './testing';
export { forEachOrderSince } from './activities/import';
