interface Lane {
  running: number;
  /** Work parked until the lane has room, by key, in arrival order. */
  waiting: Map<string, () => Promise<void>>;
}

/**
 * At most `perLane` tasks at once for each lane (a webhook endpoint), whatever the others do: a
 * receiver that never answers holds its own lane's slots, never another's. Work for a full lane is
 * parked (once per key) and started as the lane's running tasks end.
 */
export class EndpointLanes {
  private readonly lanes = new Map<string, Lane>();

  constructor(private readonly perLane: number) {
    if (!(perLane >= 1)) throw new RangeError(`a lane runs at least one task at once, not ${perLane}`);
  }

  /**
   * Runs `task` now when its lane has room, resolving when it ends; else parks it and resolves at once
   * (a key already parked is not parked twice). Tasks' failures are theirs to handle: one that throws
   * only frees its slot.
   */
  submit(laneId: string, key: string, task: () => Promise<void>): Promise<void> {
    const lane = this.lane(laneId);
    if (lane.running >= this.perLane) {
      if (!lane.waiting.has(key)) lane.waiting.set(key, task);
      return Promise.resolve();
    }
    return this.run(laneId, lane, task);
  }

  /** Tasks running and parked in one lane. */
  load(laneId: string): { running: number; waiting: number } {
    const lane = this.lanes.get(laneId);
    return { running: lane?.running ?? 0, waiting: lane?.waiting.size ?? 0 };
  }

  private lane(laneId: string): Lane {
    let lane = this.lanes.get(laneId);
    if (!lane) {
      lane = { running: 0, waiting: new Map() };
      this.lanes.set(laneId, lane);
    }
    return lane;
  }

  private async run(laneId: string, lane: Lane, task: () => Promise<void>): Promise<void> {
    lane.running++;
    try {
      await task();
    } catch {
      // The task reports its own failures; the lane only keeps count.
    } finally {
      lane.running--;
      this.next(laneId, lane);
    }
  }

  private next(laneId: string, lane: Lane): void {
    const first = lane.waiting.entries().next();
    if (first.done) {
      if (lane.running === 0) this.lanes.delete(laneId);
      return;
    }
    const [key, task] = first.value;
    lane.waiting.delete(key);
    void this.run(laneId, lane, task);
  }
}
