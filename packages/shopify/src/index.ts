export * from './hmac';
export * from './session-token';
export * from './admin';
export * from './metafields';
export * from './app-config';
export * from './bulk';
export * from './orders';
export * from './refunds';
