/**
 * Yields to the event loop, so requests waiting on the thread that serves them run before long work
 * (merging segments, checksumming a snapshot) goes on with its next slice.
 */
export const letRequestsRun = () => new Promise<void>((resolve) => setImmediate(resolve));
