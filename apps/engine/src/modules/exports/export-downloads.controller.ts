import { Controller, Get, Param, Query, Res, StreamableFile } from '@nestjs/common';
import { type CsvDownloadQuery, csvDownloadQuerySchema } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import type { FastifyReply } from 'fastify';
import { csvDownload } from '../../infrastructure/http/csv-download';
import { ContractPipe } from '../../infrastructure/http/parse-input';
import { ExportDownloadLinks } from './export-download-links';
import { DownloadExportUseCase } from './use-cases/download-export.use-case';

/** The CSV behind a signed link (MCP get_export): no API key, the signature and its expiry are the permission. */
@Controller('downloads/exports')
export class ExportDownloadsController {
  constructor(
    private readonly links: ExportDownloadLinks,
    private readonly downloadExport: DownloadExportUseCase,
  ) {}

  @Get(':id')
  async csv(
    @Param('id') id: string,
    @Query() query: Record<string, string | undefined>,
    @Query(new ContractPipe(csvDownloadQuerySchema)) flavour: CsvDownloadQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const verdict = await this.links.check(id, query.expires, query.signature);
    if (verdict === 'expired') throw new DomainError('FORBIDDEN', 'This download link has expired; call get_export for a new one.');
    if (verdict !== 'ok') throw new DomainError('FORBIDDEN', 'This download link is not valid.');
    const download = await this.downloadExport.executeSigned(id);
    reply.header('X-Delivered-Rows', String(download.deliveredRows));
    return csvDownload(reply, download, flavour);
  }
}
