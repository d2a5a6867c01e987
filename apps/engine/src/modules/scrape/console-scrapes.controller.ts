import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import {
  consoleScrapeQuoteRequestSchema,
  consoleScrapeResultsCsvQuerySchema,
  consoleScrapeResultsQuerySchema,
  consoleStartScrapeRequestSchema,
  idParamsSchema,
} from '@lead-engine/contracts';
import type {
  ConsoleScrapeQuote,
  ConsoleScrapeQuoteRequest,
  ConsoleStartedScrape,
  ConsoleStartScrapeRequest,
  IdParams,
  ScrapeJob,
  ScrapeResults,
  ScrapeResultsCsvQuery,
  ScrapeResultsQuery,
} from '@lead-engine/contracts';
import type { FastifyReply } from 'fastify';
import { csvDownload } from '../../infrastructure/http/csv-download';
import { ContractPipe } from '../../infrastructure/http/parse-input';
import { GetCreditBalanceUseCase } from '../credits/use-cases/get-credit-balance.use-case';
import { jobsAccountOf, jobsChargingKeyOf } from '../jobs/jobs-viewer';
import { CurrentSession } from '../identity/current-session.decorator';
import type { ConsoleSessionPrincipal } from '../identity/session-authentication';
import { DownloadScrapeResultsUseCase } from './use-cases/download-scrape-results.use-case';
import { GetScrapeJobUseCase } from './use-cases/get-scrape-job.use-case';
import { GetScrapeResultsUseCase } from './use-cases/get-scrape-results.use-case';
import { QuoteScrapeUseCase } from './use-cases/quote-scrape.use-case';
import { StartScrapeUseCase } from './use-cases/start-scrape.use-case';

/**
 * A scrape on the Jobs page: the same use-cases as /api/v1/scrape/jobs, for the viewer's account.
 * Another account's, an unknown or a malformed id answer JOB_NOT_FOUND alike. A scrape started here
 * goes through no API key, holds exactly the credits the user confirmed and names the user.
 */
@Controller('console/api/scrapes')
export class ConsoleScrapesController {
  constructor(
    private readonly quoteScrape: QuoteScrapeUseCase,
    private readonly startScrape: StartScrapeUseCase,
    private readonly getScrapeJob: GetScrapeJobUseCase,
    private readonly getScrapeResults: GetScrapeResultsUseCase,
    private readonly creditBalance: GetCreditBalanceUseCase,
    private readonly downloadScrapeResults: DownloadScrapeResultsUseCase,
  ) {}

  @Post('quote')
  @HttpCode(200)
  quote(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Body(new ContractPipe(consoleScrapeQuoteRequestSchema)) body: ConsoleScrapeQuoteRequest,
  ): Promise<ConsoleScrapeQuote> {
    return this.quoteScrape.execute(jobsAccountOf(session), body);
  }

  @Post()
  @HttpCode(202)
  async start(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Body(new ContractPipe(consoleStartScrapeRequestSchema)) body: ConsoleStartScrapeRequest,
  ): Promise<ConsoleStartedScrape> {
    const key = jobsChargingKeyOf(session);
    const { credits, ...request } = body;
    const job = await this.startScrape.execute({ ...key, request, expectedHold: credits });
    return this.creditBalance.withBalance(key.accountId, { id: job.id, status: job.status, credits: job.credits_charged });
  }

  @Get(':id')
  status(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(idParamsSchema)) params: IdParams,
  ): Promise<ScrapeJob> {
    return this.getScrapeJob.execute(jobsAccountOf(session), params.id);
  }

  @Get(':id/results')
  results(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(idParamsSchema)) params: IdParams,
    @Query(new ContractPipe(consoleScrapeResultsQuerySchema)) query: ScrapeResultsQuery,
  ): Promise<ScrapeResults> {
    return this.getScrapeResults.execute(jobsAccountOf(session), params.id, query);
  }

  @Get(':id/results/csv')
  async csv(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(idParamsSchema)) params: IdParams,
    @Query(new ContractPipe(consoleScrapeResultsCsvQuerySchema)) query: ScrapeResultsCsvQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const { excel, ...selection } = query;
    return csvDownload(reply, await this.downloadScrapeResults.execute(jobsAccountOf(session), params.id, selection), { excel });
  }
}
