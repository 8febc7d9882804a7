export { orderWorkflow } from './order';
export { importWorkflow } from './import';
export { importRangeWorkflow } from './import-range';
export { billingWorkflow } from './billing';
export { housekeepingWorkflow } from './housekeeping';
export { payoutRunWorkflow, payoutScheduleWorkflow } from './payouts';
export { wizardHandOverWorkflow, wizardImportWorkflow } from './wizard';
export { completenessAuditWorkflow, completenessAuditRunWorkflow } from './audit';
