import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, StreamableFile, UseInterceptors } from '@nestjs/common';
import { idParamsSchema, scrapeCreateRequestSchema, scrapeResultsCsvQuerySchema, scrapeResultsQuerySchema } from '@lead-engine/contracts';
import type {
  IdParams,
  ScrapeCreateRequest,
  ScrapeJob,
  ScrapeJobList,
  ScrapeResults,
  ScrapeResultsCsvQuery,
  ScrapeResultsQuery,
} from '@lead-engine/contracts';
import type { FastifyReply } from 'fastify';
import { csvDownload } from '../../infrastructure/http/csv-download';
import { CurrentPrincipal } from '../identity/current-principal.decorator';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { ContractPipe } from '../../infrastructure/http/parse-input';
import type { Principal } from '../identity/current-principal.decorator';
import { DownloadScrapeResultsUseCase } from './use-cases/download-scrape-results.use-case';
import { GetScrapeJobUseCase } from './use-cases/get-scrape-job.use-case';
import { GetScrapeResultsUseCase } from './use-cases/get-scrape-results.use-case';
import { StartScrapeUseCase } from './use-cases/start-scrape.use-case';

@Controller('api/v1/scrape/jobs')
export class ScrapeController {
  constructor(
    private readonly startScrape: StartScrapeUseCase,
    private readonly getScrapeJob: GetScrapeJobUseCase,
    private readonly getScrapeResults: GetScrapeResultsUseCase,
    private readonly downloadScrapeResults: DownloadScrapeResultsUseCase,
  ) {}

  @Post()
  @HttpCode(202)
  @UseInterceptors(IdempotencyInterceptor)
  start(
    @CurrentPrincipal() principal: Principal,
    @Body(new ContractPipe(scrapeCreateRequestSchema)) body: ScrapeCreateRequest,
  ): Promise<ScrapeJob> {
    return this.startScrape.execute({ ...principal, request: body });
  }

  @Get()
  list(@CurrentPrincipal() principal: Principal): Promise<ScrapeJobList> {
    return this.getScrapeJob.list(principal.accountId);
  }

  @Get(':id')
  status(@CurrentPrincipal() principal: Principal, @Param(new ContractPipe(idParamsSchema)) params: IdParams): Promise<ScrapeJob> {
    return this.getScrapeJob.execute(principal.accountId, params.id);
  }

  @Get(':id/results')
  results(
    @CurrentPrincipal() principal: Principal,
    @Param(new ContractPipe(idParamsSchema)) params: IdParams,
    @Query(new ContractPipe(scrapeResultsQuerySchema)) query: ScrapeResultsQuery,
  ): Promise<ScrapeResults> {
    return this.getScrapeResults.execute(principal.accountId, params.id, query);
  }

  @Get(':id/results/csv')
  async csv(
    @CurrentPrincipal() principal: Principal,
    @Param(new ContractPipe(idParamsSchema)) params: IdParams,
    @Query(new ContractPipe(scrapeResultsCsvQuerySchema)) query: ScrapeResultsCsvQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const { excel, ...selection } = query;
    return csvDownload(reply, await this.downloadScrapeResults.execute(principal.accountId, params.id, selection), { excel });
  }
}
