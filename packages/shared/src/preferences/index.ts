export * from './messages';
export * from './texts';
export * from './invoice';
export * from './credit';
export * from './contact';
export * from './order-handling';
export * from './automation';
export * from './mail';
