import { Injectable } from '@nestjs/common';
import { exportJobSchema, idParamsSchema } from '@lead-engine/contracts';
import { z } from 'zod';
import type { Principal } from '../../identity/current-principal.decorator';
import { ExportDownloadLinks } from '../../exports/export-download-links';
import { GetExportUseCase } from '../../exports/use-cases/get-export.use-case';
import type { McpTool, McpToolCall } from './mcp-tool';

const getExportOutputSchema = exportJobSchema.extend({
  download_url: z
    .string()
    .nullable()
    .describe('Once completed: a link to the CSV that needs no API key and works until download_url_expires_at'),
  download_url_expires_at: z
    .string()
    .nullable()
    .describe('When download_url stops working (ISO 8601); call get_export again for a new link'),
});

@Injectable()
export class GetExportTool implements McpTool<typeof idParamsSchema, typeof getExportOutputSchema> {
  readonly name = 'get_export';
  readonly title = 'Get an export';
  readonly description = [
    'Returns the status of an export started with start_export (pass its job_id as id): status (queued, running, completed or failed), progress, deliveredRows, creditsCharged, capped (stopped at the balance) and note. Free: costs no credits.',
    'Once completed, download_url links to the CSV (no API key needed) for a short while (download_url_expires_at); call get_export again for a fresh link. Poll every few seconds while it is queued or running.',
  ].join('\n');
  readonly input = idParamsSchema;
  readonly output = getExportOutputSchema;
  readonly apiPath = '/api/v1/leads/exports';

  constructor(
    private readonly getExport: GetExportUseCase,
    private readonly links: ExportDownloadLinks,
  ) {}

  async run(input: { id: string }, principal: Principal, call: McpToolCall): Promise<z.output<typeof getExportOutputSchema>> {
    const job = await this.getExport.execute(principal.accountId, input.id);
    if (!job.downloadable) return { ...job, download_url: null, download_url_expires_at: null };
    const link = await this.links.sign(job.id);
    return { ...job, download_url: `${call.origin}${link.path}`, download_url_expires_at: link.expiresAt.toISOString() };
  }
}
