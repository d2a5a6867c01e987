import type { z } from 'zod';

export interface LazySchema<T extends z.ZodType> {
  readonly '~standard': T['~standard'];
  parse(input: unknown): z.output<T>;
  /** The schema itself, built on first use. */
  schema(): T;
}

/**
 * A schema built the first time it validates. Every route's search schema is named by the route table,
 * which the first page loads whole: built at load, Zod's schemas cost that page about 120 ms of one task
 * (a CPU profile under load), for pages the visit may never open.
 */
export function lazySchema<T extends z.ZodType>(build: () => T): LazySchema<T> {
  let built: T | undefined;
  const schema = () => (built ??= build());
  return {
    get '~standard'() {
      return schema()['~standard'];
    },
    parse: (input) => schema().parse(input),
    schema,
  };
}
