export * from './server';
export * from './errors';
export * from './check';
export * from './message';
export * from './attachments';
export * from './send';
export * from './notifications';
export * from './notifications-send';
