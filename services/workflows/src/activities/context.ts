// Loading a shop's context is shared with the gateway's preview, so it lives in @belegfluss/orchestration.
export * from '@belegfluss/orchestration/context';
