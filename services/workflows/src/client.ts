export * from '@belegfluss/orchestration/client';
