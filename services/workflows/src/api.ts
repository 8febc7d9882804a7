// The workflows' signals, queries and IDs live in @belegfluss/orchestration, shared with the gateway.
export * from '@belegfluss/orchestration/api';
