export * from './api';
export { createOrderWorker, workflowsPath } from './worker';
