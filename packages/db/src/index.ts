export * from './connection';
export * from './secrets';
export * from './stores/shops';
export * from './stores/ledger';
export * from './stores/documents';
export * from './stores/event-log';
export * from './stores/inbox';
export * from './stores/connections';
