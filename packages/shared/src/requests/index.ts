// Request schemas shared by the gateway (validation) and the front ends (forms).
export * from './plan';
export * from './partner';
export * from './admin';
export * from './import';
export * from './signup';
