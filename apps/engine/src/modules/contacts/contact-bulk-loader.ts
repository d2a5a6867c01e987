import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { ChunkPipeline, ContactSink, LoadOutcome } from './chunk-pipeline';
import { ContactsChangedPublisher } from './contacts-changed.publisher';
import { ContactField, ContactsRepository } from './contacts.repository';

/** The one path by which contacts reach the database, for imports and generated data alike. */
@Injectable()
export class ContactBulkLoader {
  constructor(
    private readonly repository: ContactsRepository,
    private readonly publisher: ContactsChangedPublisher,
  ) {}

  /**
   * Runs `produce` against a sink and merges the rows it adds. `fields` are the contact columns the
   * rows carry; an existing contact keeps the others. Chunks committed before a failure stay committed;
   * a bulk load (see ChunkPipeline) commits all or nothing.
   */
  async load(fields: readonly ContactField[], produce: (sink: ContactSink) => Promise<void>): Promise<LoadOutcome> {
    let pipeline: ChunkPipeline | undefined;
    try {
      return await this.withConnections(async (companies, ...contacts) => {
        for (const client of [companies, ...contacts]) await this.repository.createStaging(client);
        const chunks = new ChunkPipeline({ companies, contacts }, this.repository, fields);
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
