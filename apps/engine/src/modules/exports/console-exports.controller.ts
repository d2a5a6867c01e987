import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import {
  consoleExportQuoteRequestSchema,
  consoleStartExportRequestSchema,
  csvDownloadQuerySchema,
  idParamsSchema,
} from '@lead-engine/contracts';
import type {
  ConsoleExportQuote,
  ConsoleExportQuoteRequest,
  ConsoleStartedExport,
  ConsoleStartExportRequest,
  CsvDownloadQuery,
  ExportJob,
  IdParams,
} from '@lead-engine/contracts';
import type { FastifyReply } from 'fastify';
import { csvDownload } from '../../infrastructure/http/csv-download';
import { ContractPipe } from '../../infrastructure/http/parse-input';
import { consoleChargingKeyOf, leadsAccountOf } from '../leads/console-leads-viewer';
import { CurrentSession } from '../identity/current-session.decorator';
import type { ConsoleSessionPrincipal } from '../identity/session-authentication';
import { DownloadExportUseCase } from './use-cases/download-export.use-case';
import { GetExportUseCase } from './use-cases/get-export.use-case';
import { QuoteExportUseCase } from './use-cases/quote-export.use-case';
import { StartExportUseCase } from './use-cases/start-export.use-case';

/**
 * The Leads page's "export all matches" and the export it started: the same use-cases as
 * /api/v1/leads/exports, for the viewer's account and through no API key. A start always carries the
 * quote the user confirmed, so a retried start answers the export the quote started.
 */
@Controller('console/api')
export class ConsoleExportsController {
  constructor(
    private readonly quoteExport: QuoteExportUseCase,
    private readonly startExport: StartExportUseCase,
    private readonly getExport: GetExportUseCase,
    private readonly downloadExport: DownloadExportUseCase,
  ) {}

  @Post('leads/exports/quote')
  @HttpCode(200)
  quote(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Body(new ContractPipe(consoleExportQuoteRequestSchema)) body: ConsoleExportQuoteRequest,
  ): Promise<ConsoleExportQuote> {
    return this.quoteExport.execute(consoleChargingKeyOf(session), body);
  }

  @Post('leads/exports')
  @HttpCode(202)
  async start(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Body(new ContractPipe(consoleStartExportRequestSchema)) body: ConsoleStartExportRequest,
  ): Promise<ConsoleStartedExport> {
    const started = await this.startExport.execute({ ...consoleChargingKeyOf(session), request: body });
    return { id: started.job_id, status: started.status, requested_limit: started.requested_limit };
  }

  @Get('exports/:id')
  status(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(idParamsSchema)) params: IdParams,
  ): Promise<ExportJob> {
    return this.getExport.execute(leadsAccountOf(session), params.id);
  }

  @Get('exports/:id/csv')
  async csv(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(idParamsSchema)) params: IdParams,
    @Query(new ContractPipe(csvDownloadQuerySchema)) query: CsvDownloadQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const download = await this.downloadExport.execute(leadsAccountOf(session), params.id);
    reply.header('X-Delivered-Rows', String(download.deliveredRows));
    return csvDownload(reply, download, query);
  }
}
