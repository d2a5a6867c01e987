/**
 * Yields to the event loop, so requests waiting on the thread that serves them run before long work
 * (reading a change, merging segments) goes on with its next slice.
 */
export const letRequestsRun = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A pause for long work that lets requests run only once `everyMs` of work has passed since it last
 * did, and otherwise returns at once: a slice of work is then a time, whatever a row costs.
 */
export function letRequestsRunEvery(everyMs: number): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < everyMs) return undefined;
    return letRequestsRun().then(() => {
      since = performance.now();
    });
  };
}
