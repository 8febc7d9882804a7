export * from './client';
export * from './finance';
export * from './errors';
export * from './oauth';
export * from './session';
export * from './numbers';
export * from './einvoice-xml';
export * from './closing';
