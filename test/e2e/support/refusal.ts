import type { ApiCallError } from '@lead-engine/contracts/client';

/** The ApiCallError of a typed call expected to be refused ({} when it was not refused, so the test's expectation fails). */
export const refusalOf = (answer: Promise<unknown>): Promise<Partial<ApiCallError>> =>
  answer.then(
    () => ({}),
    (error: ApiCallError) => error,
  );
