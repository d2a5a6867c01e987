import { Injectable } from '@nestjs/common';
import type { ConsoleJobPage, ConsoleJobsQuery } from '@lead-engine/contracts';
import { ExportProgress } from '../../exports/export-progress';
import type { ConsoleViewer } from '../../identity/console-viewer';
import { toConsoleJob } from '../job-view';
import { decodeJobsCursor, encodeJobsCursor } from '../jobs-cursor';
import { JobsRepository } from '../jobs.repository';
import { jobsAccountOf } from '../jobs-viewer';

/** One page of the account's exports, scrapes and enrichments, newest first; the page after it starts below its last job. */
@Injectable()
export class ListJobsUseCase {
  constructor(
    private readonly jobs: JobsRepository,
    private readonly exportProgress: ExportProgress,
  ) {}

  async execute(viewer: ConsoleViewer, query: ConsoleJobsQuery): Promise<ConsoleJobPage> {
    const accountId = jobsAccountOf(viewer);
    const after = query.cursor ? decodeJobsCursor(query.cursor) : null;
    const rows = await this.jobs.page({ accountId, type: query.type, status: query.status }, after, query.limit + 1);
    const page = rows.slice(0, query.limit);
    // A running export's progress lives in Redis, as its own status shows it.
    const items = await Promise.all(
      page.map(async (row) =>
        toConsoleJob(row, row.type === 'export' && row.status === 'running' ? await this.exportProgress.get(row.id) : 0),
      ),
    );
    const last = page[page.length - 1];
    return { items, next_cursor: rows.length > query.limit && last ? encodeJobsCursor({ at: last.at, id: last.id }) : null };
  }
}
