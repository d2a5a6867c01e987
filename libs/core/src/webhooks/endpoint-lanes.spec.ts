import { EndpointLanes } from './endpoint-lanes';

/** A task that runs until released, recording its start. */
function gate(started: string[], key: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { task: () => (started.push(key), done), release };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('EndpointLanes', () => {
  it('runs at most perLane tasks of one lane at once and starts parked ones as slots free, in order', async () => {
    const lanes = new EndpointLanes(2);
    const started: string[] = [];
    const gates = ['a', 'b', 'c', 'd'].map((key) => gate(started, key));
    gates.forEach((entry, index) => void lanes.submit('dead', 'abcd'[index], entry.task));
    expect(started).toEqual(['a', 'b']);
    expect(lanes.load('dead')).toEqual({ running: 2, waiting: 2 });
    gates[1].release();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    gates[0].release();
    gates[2].release();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    gates[3].release();
    await settle();
    expect(lanes.load('dead')).toEqual({ running: 0, waiting: 0 });
  });

  it("never lets a full lane hold another lane's work", async () => {
    const lanes = new EndpointLanes(1);
    const started: string[] = [];
    void lanes.submit('dead', 'x', gate(started, 'x').task);
    void lanes.submit('dead', 'y', gate(started, 'y').task);
    await lanes.submit('live', 'z', async () => void started.push('z'));
    expect(started).toEqual(['x', 'z']);
  });

  it('parks a key once, and frees the slot of a task that throws', async () => {
    const lanes = new EndpointLanes(1);
    const started: string[] = [];
    const first = gate(started, 'first');
    void lanes.submit('lane', 'first', first.task);
    void lanes.submit('lane', 'again', async () => void started.push('again'));
    void lanes.submit('lane', 'again', async () => void started.push('again twice'));
    expect(lanes.load('lane')).toEqual({ running: 1, waiting: 1 });
    first.release();
    await settle();
    expect(started).toEqual(['first', 'again']);
    await lanes.submit('lane', 'throws', () => Promise.reject(new Error('receiver gone')));
    await lanes.submit('lane', 'after', async () => void started.push('after'));
    expect(started).toEqual(['first', 'again', 'after']);
  });

  it('refuses a lane without room', () => {
    expect(() => new EndpointLanes(0)).toThrow(RangeError);
  });
});
