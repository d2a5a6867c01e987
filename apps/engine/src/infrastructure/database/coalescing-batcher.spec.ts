import { CoalescingBatcher } from './coalescing-batcher';

describe('CoalescingBatcher', () => {
  it('runs an input alone at once, and batches what arrives while batches run', async () => {
    const batches: number[][] = [];
    const releases: Array<() => void> = [];
    const batcher = new CoalescingBatcher<number, number>(
      (inputs) => {
        batches.push(inputs);
        return new Promise((resolve) => releases.push(() => resolve(inputs.map((input) => input * 10))));
      },
      1,
      3,
    );
    const first = batcher.submit(1);
    expect(batches).toEqual([[1]]);
    const rest = [2, 3, 4, 5].map((input) => batcher.submit(input));
    expect(batches).toEqual([[1]]);
    releases[0]();
    expect(await first).toBe(10);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1], [2, 3, 4]]);
    releases[1]();
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
    releases[2]();
    expect(await Promise.all(rest)).toEqual([20, 30, 40, 50]);
  });

  it('fails every input of a failed batch, and goes on with the next', async () => {
    let calls = 0;
    const batcher = new CoalescingBatcher<string, string>(async (inputs) => {
      if (calls++ === 0) throw new Error('connection lost');
      return inputs.map((input) => input.toUpperCase());
    });
    await expect(batcher.submit('a')).rejects.toThrow('connection lost');
    expect(await batcher.submit('b')).toBe('B');
  });
});
