import { Injectable } from '@nestjs/common';
import { contactRowOfSynthetic, createContactGenerator } from '@lead-engine/core';
import { setImmediate as turn } from 'node:timers/promises';
import type { ContactSink } from '../chunk-pipeline';
import { CONTACT_FIELDS } from '../contacts.repository';
import { LoadContactsUseCase } from './load-contacts.use-case';

// Generating is synchronous work; handing the event loop back this often keeps the chunk being written moving.
const ROWS_PER_TURN = 2_000;

export interface GenerateProgress {
  rows: number;
  total: number;
  /** Rows of the chunks written so far whose id was new, and whose id existed. */
  imported: number;
  updated: number;
}

export interface GenerateContactsCommand {
  count: number;
  seed: number;
  onProgress?: (progress: GenerateProgress) => void;
}

export interface GenerateContactsResult {
  generated: number;
  seed: number;
  imported: number;
  updated: number;
}

/**
 * Loads N synthetic contacts, the same ones in the same browse order for the same seed; generating a
 * seed again updates those contacts rather than adding more.
 */
@Injectable()
export class GenerateContactsUseCase {
  constructor(private readonly load: LoadContactsUseCase) {}

  async execute(command: GenerateContactsCommand): Promise<GenerateContactsResult> {
    const { count, seed } = command;
    if (!Number.isSafeInteger(count) || count < 0) throw new Error('count must be a whole number of at least 0');
    if (!Number.isSafeInteger(seed)) throw new Error('seed must be a whole number');
    const generator = createContactGenerator(seed);
    const produce = async (sink: ContactSink) => {
      for (let row = 1; row <= count; row++) {
        if (sink.add(contactRowOfSynthetic(generator.next()))) await sink.flush();
        if (row % ROWS_PER_TURN === 0) {
          command.onProgress?.({ rows: row, total: count, imported: sink.outcome.inserted, updated: sink.outcome.updated });
          await turn();
        }
      }
      command.onProgress?.({ rows: count, total: count, imported: sink.outcome.inserted, updated: sink.outcome.updated });
    };
    const loaded = await this.load.execute({ fields: CONTACT_FIELDS, produce });
    return { generated: count, seed, imported: loaded.inserted, updated: loaded.updated };
  }
}
