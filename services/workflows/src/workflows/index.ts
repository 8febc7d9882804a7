export { orderWorkflow } from './order';
export { importWorkflow } from './import';
export { wizardImportWorkflow } from './wizard';
