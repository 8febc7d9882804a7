export { orderWorkflow } from './order';
export { importWorkflow } from './import';
