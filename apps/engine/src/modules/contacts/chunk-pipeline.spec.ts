import { importRow } from '../../../../../libs/core/testing/contacts/import-fixtures';
import { ChunkPipeline } from './chunk-pipeline';
import type { ContactChunk } from './contact-chunk';
import type { ChunkCompanies, ContactLoader, PreviousChunkSteps } from './contact-loader';

/** A way to finish a promise from outside: the test decides when a step's write ends. */
function gate<T>() {
  let open!: (value: T) => void;
  let fail!: (error: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

/**
 * Records the order in which the pipeline starts and ends each step; every write waits for its gate, so
 * the test plays the database's timing. Chunks are told apart by their first row's first name.
 */
class ScriptedLoader implements ContactLoader {
  changedRows = 0;
  readonly events: string[] = [];
  readonly companies = new Map<string, ReturnType<typeof gate<ChunkCompanies>>>();
  readonly contacts = new Map<string, ReturnType<typeof gate<number>>>();

  constructor(private readonly names: Map<ContactChunk, string>) {}

  companiesTurn(previous: PreviousChunkSteps): Promise<void> {
    return previous.companies;
  }

  writeCompanies(chunk: ContactChunk): Promise<ChunkCompanies> {
    const name = this.names.get(chunk)!;
    this.events.push(`companies ${name}`);
    return this.companies.get(name)!.promise;
  }

  async writeContacts(chunk: ContactChunk): Promise<number> {
    const name = this.names.get(chunk)!;
    this.events.push(`contacts ${name}`);
    const inserted = await this.contacts.get(name)!.promise;
    this.events.push(`contacts ${name} done`);
    return inserted;
  }

  async finish(): Promise<void> {
    this.events.push('finish');
  }

  async abort(): Promise<void> {
    this.events.push('abort');
  }
}

const flushed = () => new Promise((resolve) => setImmediate(resolve));
const written: ChunkCompanies = { companyIds: [], seqs: null };

describe('the chunk pipeline', () => {
  /** A pipeline over the scripted loader; `chunk(name)` adds a one-row chunk and remembers its name. */
  function pipelineOf(names: string[]) {
    const chunkNames = new Map<ContactChunk, string>();
    const loader = new ScriptedLoader(chunkNames);
    for (const name of names) {
      loader.companies.set(name, gate());
      loader.contacts.set(name, gate());
    }
    const pipeline = new ChunkPipeline(async () => loader);
    const internals = pipeline as unknown as { chunk: ContactChunk };
    const add = (name: string) => {
      pipeline.add(importRow({ firstName: name }));
      chunkNames.set(internals.chunk, name);
    };
    return { pipeline, loader, add };
  }

  it("does not answer a failed load while an earlier chunk's contacts are still being written, and keeps that chunk", async () => {
    const { pipeline, loader, add } = pipelineOf(['one', 'two']);
    add('one');
    await pipeline.flush();
    loader.companies.get('one')!.open(written);
    await flushed();
    expect(loader.events).toEqual(['companies one', 'contacts one']);

    add('two');
    const closed = pipeline.close().then(
      () => 'closed',
      (error: Error) => error.message,
    );
    await flushed();
    // The second chunk's companies fail while the first chunk's contacts are still merging.
    loader.companies.get('two')!.fail(new Error('companies of two refused'));
    await flushed();
    const answeredEarly = await Promise.race([closed, flushed().then(() => 'pending')]);
    expect(answeredEarly).toBe('pending');

    loader.contacts.get('one')!.open(1);
    expect(await closed).toBe('companies of two refused');
    expect(loader.events).toEqual(['companies one', 'contacts one', 'companies two', 'contacts one done', 'abort']);
    expect(pipeline.outcome).toEqual({ inserted: 1, updated: 0 });
  });

  it("reports the earliest chunk's failure, even when a later chunk's companies failed first", async () => {
    const { pipeline, loader, add } = pipelineOf(['one', 'two']);
    add('one');
    await pipeline.flush();
    loader.companies.get('one')!.open(written);
    add('two');
    const closed = pipeline.close().then(
      () => 'closed',
      (error: Error) => error.message,
    );
    await flushed();
    loader.companies.get('two')!.fail(new Error('companies of two refused'));
    await flushed();
    loader.contacts.get('one')!.fail(new Error('contacts of one refused'));
    expect(await closed).toBe('contacts of one refused');
    expect(pipeline.outcome).toEqual({ inserted: 0, updated: 0 });
  });

  it('starts no step after a companies step failed, and the producer hears the failure on its next flush', async () => {
    const { pipeline, loader, add } = pipelineOf(['one', 'two']);
    add('one');
    await pipeline.flush();
    loader.companies.get('one')!.fail(new Error('companies of one refused'));
    await flushed();
    add('two');
    await expect(pipeline.flush()).rejects.toThrow('companies of one refused');
    await pipeline.abort();
    expect(loader.events).toEqual(['companies one', 'abort']);
  });
});
