/** Polls `probe` every 50 ms until it returns a value; on timeout the error carries `context()` (e.g. process output). */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  context: () => string = () => '',
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${context()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
