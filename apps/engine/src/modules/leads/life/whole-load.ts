import type { Logger } from '@nestjs/common';
import { companiesOf, fromTransferable, LiveLeadTable, liveSize, liveTable } from '@lead-engine/core';
import type { EngineConfig } from '../../../config/engine-config.schema';
import type { LeadChangesReader } from '../threads/lead-changes-reader';
import { LeadTableLoader, startLeadTableLoad, ThreadLoadedTable } from '../threads/lead-table-loader';
import { isDoing, LeadTableStateCell, loadFailed, loadFinished, loadProgressed, loadStarted, ServedTable } from './lead-table-state';
import { adoptChanges, readChangesFor, withChanges } from './table-changes';
import { logChangesApplied } from './log-changes-applied';

const UNDEFINED_DATABASE = '3D000';
const UNDEFINED_TABLE = '42P01';

export interface WholeLoadParts {
  cell: LeadTableStateCell;
  config: EngineConfig;
  logger: Logger;
  changes: LeadChangesReader;
  /** Called once a load has ended, whether or not it succeeded: contacts written after its version are read then. */
  ended(): void;
}

/**
 * Loads the table whole, in its thread, one load at a time: at boot (taking over a load main started
 * before the engine's modules loaded), at a request that finds no table, and when a change is more
 * than a delta can say. The table is published with the changes written since its version.
 */
export class WholeLoad {
  private running: Promise<LiveLeadTable> | null = null;
  /** A load main started before the engine booted, which the next load takes over. */
  private bootLoad: LeadTableLoader | null = null;

  constructor(private readonly parts: WholeLoadParts) {}

  takeOver(started: LeadTableLoader | null): void {
    this.bootLoad = started;
  }

  /** The load under way, or a new one. */
  start(): Promise<LiveLeadTable> {
    if (this.running) return this.running;
    const { cell } = this.parts;
    cell.move(loadStarted);
    this.running = this.build()
      .then(
        (served) => {
          cell.move((state) => loadFinished(state, served.table, { ms: served.ms, at: Date.now() }));
          return served.table.live;
        },
        (error: Error) => {
          cell.move((state) => loadFailed(state, error.message));
          throw error;
        },
      )
      .finally(() => {
        this.running = null;
        this.parts.ended();
      });
    return this.running;
  }

  private async build(): Promise<{ table: ServedTable; ms: number }> {
    const { logger, changes } = this.parts;
    const boot = this.bootLoad;
    this.bootLoad = null;
    let loaded: ThreadLoadedTable;
    try {
      loaded = await this.follow(boot ?? this.startThreadLoad());
    } catch (error) {
      if (!boot) throw error;
      // A load started before the engine was up meets, on a first start, a database the engine has not
      // created or migrated yet: expected, so said at debug. Anything else is worth an operator's look.
      const code = (error as { code?: string }).code;
      if (code === UNDEFINED_DATABASE || code === UNDEFINED_TABLE) {
        logger.debug({ code }, 'lead table load started before the database was set up; loading again');
      } else {
        logger.warn({ reason: (error as Error).message }, 'lead table load started before boot failed; loading again');
      }
      loaded = await this.follow(this.startThreadLoad());
    }
    const table: ServedTable = {
      live: liveTable(fromTransferable(loaded.table)),
      dataVersion: loaded.dataVersion,
      reloadVersion: loaded.reloadVersion,
      source: loaded.source,
      loadedAt: new Date(),
      snapshotWrittenAt: loaded.snapshotWrittenAt,
    };
    this.logLoaded(table, loaded.ms);
    // A table is published with what changed since its version (a snapshot may be older than the
    // database); changes a delta cannot hold, and a merge, are left to the catch-up after.
    const startedAt = performance.now();
    const read = await readChangesFor(changes, table);
    if (read.loadWholeBecause !== null) return { table, ms: loaded.ms };
    const adoptedAt = performance.now();
    const adopted = adoptChanges(read, table.live);
    const changed = withChanges(table, adopted, !isDoing(this.parts.cell.get(), 'merging'));
    logChangesApplied(logger, { before: table, after: changed, read, changes: adopted, startedAt, adoptedAt });
    return { table: changed, ms: loaded.ms };
  }

  private follow(load: LeadTableLoader): Promise<ThreadLoadedTable> {
    load.watch((progress) => this.parts.cell.move((state) => loadProgressed(state, progress)));
    return load.result;
  }

  private startThreadLoad(): LeadTableLoader {
    const { config, logger } = this.parts;
    return startLeadTableLoad(config, {
      info: (fields, message) => logger.log(fields, message),
      warn: (fields, message) => logger.warn(fields, message),
    });
  }

  private logLoaded({ live, source }: ServedTable, ms: number): void {
    const memory = process.memoryUsage();
    this.parts.logger.log(
      {
        source,
        contacts: liveSize(live),
        segments: live.segments.length,
        companies: companiesOf(live).count,
        ms,
        rssMb: Math.round(memory.rss / 2 ** 20),
        heapUsedMb: Math.round(memory.heapUsed / 2 ** 20),
        arrayBuffersMb: Math.round(memory.arrayBuffers / 2 ** 20),
      },
      'lead index loaded',
    );
  }
}
