import type { z } from 'zod';

/**
 * A schema built on its first parse. Workflow code evaluates this package anew in every workflow it runs, so a
 * schema built at module load is paid for by every order workflow, also by the many that never parse with it (an
 * order without a refund or a return). Only parse and safeParse are offered: nothing composes these schemas.
 */
export function lazySchema<T extends z.ZodType>(build: () => T): Pick<T, 'parse' | 'safeParse'> {
  let schema: T | undefined;
  const built = () => (schema ??= build());
  return {
    parse: ((data, params) => built().parse(data, params)) as T['parse'],
    safeParse: ((data, params) => built().safeParse(data, params)) as T['safeParse'],
  };
}

/** What a lazy schema parses to. */
export type LazyOutput<S extends { parse: (data: unknown) => unknown }> = ReturnType<S['parse']>;
