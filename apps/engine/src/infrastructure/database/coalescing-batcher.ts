interface Waiting<In, Out> {
  input: In;
  resolve(output: Out): void;
  reject(error: unknown): void;
}

/**
 * Runs many small statements of one kind as few batched ones: an input submitted while `mostInFlight`
 * batches are already running waits for the next batch, which takes everything waiting (up to
 * `mostPerBatch`). Alone, an input runs at once; under load, batches grow by themselves, so a worker
 * making hundreds of deliveries a second pays a round trip per batch rather than per delivery.
 */
export class CoalescingBatcher<In, Out> {
  private readonly waiting: Array<Waiting<In, Out>> = [];
  private inFlight = 0;

  /** `run` answers one output per input, in the inputs' order. */
  constructor(
    private readonly run: (inputs: In[]) => Promise<Out[]>,
    private readonly mostInFlight = 2,
    private readonly mostPerBatch = 500,
  ) {}

  submit(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.inFlight >= this.mostInFlight || this.waiting.length === 0) return;
    const batch = this.waiting.splice(0, this.mostPerBatch);
    this.inFlight++;
    this.run(batch.map((entry) => entry.input))
      .then(
        (outputs) => batch.forEach((entry, index) => entry.resolve(outputs[index])),
        (error: unknown) => batch.forEach((entry) => entry.reject(error)),
      )
      .finally(() => {
        this.inFlight--;
        this.next();
      });
  }
}
