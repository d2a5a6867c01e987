import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, StreamableFile, UseInterceptors } from '@nestjs/common';
import {
  csvDownloadQuerySchema,
  ExportCreated,
  exportCreateRequestSchema,
  ExportJob,
  ExportList,
  ExportQuote,
  exportQuoteRequestSchema,
  idParamsSchema,
} from '@lead-engine/contracts';
import type { CsvDownloadQuery, ExportCreateRequest, ExportQuoteRequest } from '@lead-engine/contracts';
import type { FastifyReply } from 'fastify';
import { GetKeyBudgetRemainingUseCase } from '../credits/use-cases/get-key-budget-remaining.use-case';
import { CurrentPrincipal } from '../identity/current-principal.decorator';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { csvDownload } from '../../infrastructure/http/csv-download';
import { ContractPipe } from '../../infrastructure/http/parse-input';
import type { Principal } from '../identity/current-principal.decorator';
import { DownloadExportUseCase } from './use-cases/download-export.use-case';
import { QuoteExportUseCase } from './use-cases/quote-export.use-case';
import { GetExportUseCase } from './use-cases/get-export.use-case';
import { StartExportUseCase } from './use-cases/start-export.use-case';

@Controller('api/v1/leads/exports')
export class ExportsController {
  constructor(
    private readonly startExport: StartExportUseCase,
    private readonly getExport: GetExportUseCase,
    private readonly downloadExport: DownloadExportUseCase,
    private readonly quoteExport: QuoteExportUseCase,
    private readonly budgetRemaining: GetKeyBudgetRemainingUseCase,
  ) {}

  @Post()
  @HttpCode(202)
  @UseInterceptors(IdempotencyInterceptor)
  start(
    @CurrentPrincipal() principal: Principal,
    @Body(new ContractPipe(exportCreateRequestSchema)) body: ExportCreateRequest,
  ): Promise<ExportCreated> {
    return this.startExport.execute({ ...principal, request: body });
  }

  @Post('quote')
  @HttpCode(200)
  quote(
    @CurrentPrincipal() principal: Principal,
    @Body(new ContractPipe(exportQuoteRequestSchema)) body: ExportQuoteRequest,
  ): Promise<ExportQuote> {
    return this.budgetRemaining.besides(principal, this.quoteExport.execute(principal, body));
  }

  @Get()
  list(@CurrentPrincipal() principal: Principal): Promise<ExportList> {
    return this.getExport.list(principal.accountId);
  }

  @Get(':id')
  status(@CurrentPrincipal() principal: Principal, @Param(new ContractPipe(idParamsSchema)) params: { id: string }): Promise<ExportJob> {
    return this.getExport.execute(principal.accountId, params.id);
  }

  @Get(':id/csv')
  async csv(
    @CurrentPrincipal() principal: Principal,
    @Param(new ContractPipe(idParamsSchema)) params: { id: string },
    @Query(new ContractPipe(csvDownloadQuerySchema)) query: CsvDownloadQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const download = await this.downloadExport.execute(principal.accountId, params.id);
    reply.header('X-Delivered-Rows', String(download.deliveredRows));
    return csvDownload(reply, download, query);
  }
}
