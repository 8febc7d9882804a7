/** The floor workflow in a bundle with all of the order worker's workflow code (bench/floor.ts, BENCH_FLOOR_HEAVY=1). */
export * from './workflow';
export * from '../../../services/workflows/src/workflows/index';
