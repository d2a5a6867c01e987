import { isDataError } from './is-data-error';

/**
 * Writes a batch with `write`. A batch PostgreSQL refuses for its values (see isDataError) is written
 * again one item at a time, and an item refused on its own is written as `instead` makes it: one
 * item's values never cost the others, and anything else (a lost connection) is thrown as it came.
 */
export async function writeRefusedValuesAlone<T>(
  batch: readonly T[],
  write: (items: T[]) => Promise<void>,
  instead: (item: T, refusal: Error) => T,
): Promise<void> {
  try {
    await write([...batch]);
  } catch (error) {
    if (!isDataError(error)) throw error;
    for (const item of batch) {
      try {
        await write([item]);
      } catch (itemError) {
        if (!isDataError(itemError)) throw itemError;
        await write([instead(item, itemError as Error)]);
      }
    }
  }
}
