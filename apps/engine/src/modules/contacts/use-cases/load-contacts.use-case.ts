import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { ChunkPipeline, ContactSink, LoadOutcome } from '../chunk-pipeline';
import { CompanyDirectory } from '../company-directory';
import { chooseContactLoader } from '../contact-loader';
import { ContactsChangedPublisher } from '../contacts-changed.publisher';
import { ContactField, ContactsRepository } from '../contacts.repository';

export interface LoadContactsCommand {
  /** The contact columns the rows carry; an existing contact keeps the others. */
  fields: readonly ContactField[];
  /** Adds the rows to the sink, in order. */
  produce: (sink: ContactSink) => Promise<void>;
}

/** The one path by which contacts reach the database, for imports and generated data alike. */
@Injectable()
export class LoadContactsUseCase {
  constructor(
    private readonly repository: ContactsRepository,
    private readonly publisher: ContactsChangedPublisher,
  ) {}

  /**
   * Runs `produce` against a sink and merges the rows it adds, chunk by chunk or as one bulk load
   * (chooseContactLoader). Chunks committed before a failure stay committed; a bulk load commits all or
   * nothing.
   */
  async execute({ fields, produce }: LoadContactsCommand): Promise<LoadOutcome> {
    let pipeline: ChunkPipeline | undefined;
    try {
      return await this.withConnections(async (companies, ...contacts) => {
        for (const client of [companies, ...contacts]) await this.repository.createStaging(client);
        const setup = { connections: { companies, contacts }, repository: this.repository, fields, directory: new CompanyDirectory() };
        const chunks = new ChunkPipeline((oneChunk) => chooseContactLoader(setup, oneChunk));
        pipeline = chunks;
        try {
          await produce(chunks);
          await chunks.close();
        } catch (error) {
          await chunks.abort();
          throw error;
        }
        await this.repository.makeCommitsDurable(companies);
        if (chunks.changedRows) await this.repository.refreshStatisticsAfter(companies, chunks.changedRows);
        for (const client of [companies, ...contacts]) await this.repository.dropStaging(client);
        return chunks.outcome;
      });
    } finally {
      if (pipeline?.changedRows) await this.publisher.announce();
    }
  }

  private withConnections<T>(work: (companies: PoolClient, first: PoolClient, second: PoolClient) => Promise<T>): Promise<T> {
    return this.repository.withBulkConnection((companies) =>
      this.repository.withBulkConnection((first) => this.repository.withBulkConnection((second) => work(companies, first, second))),
    );
  }
}
