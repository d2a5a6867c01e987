import { Injectable } from '@nestjs/common';
import { scrapeCreateRequestSchema, scrapeJobSchema } from '@lead-engine/contracts';
import { z } from 'zod';
import type { Principal } from '../../identity/current-principal.decorator';
import { StartScrapeUseCase } from '../../scrape/use-cases/start-scrape.use-case';
import { PAID_TOOL, type McpTool } from './mcp-tool';
import { PaidCallReport, paidCallShape } from './paid-call-report';

const startScrapeOutputSchema = scrapeJobSchema.extend(paidCallShape);

@Injectable()
export class StartScrapeTool implements McpTool<typeof scrapeCreateRequestSchema, typeof startScrapeOutputSchema> {
  readonly name = 'start_scrape';
  readonly title = 'Start reading websites (paid)';
  readonly description = [
    "Starts a job that reads the text of companies' websites (domains, URLs or emails, normalized and deduplicated). Paid: holds 1 credit per unique input when it starts; sites that cannot be read are refunded when the job ends.",
    "Then call get_scrape_results with the returned id until status is completed. Over this API key's budget the call fails with BUDGET_EXCEEDED and charges nothing.",
  ].join('\n');
  readonly input = scrapeCreateRequestSchema;
  readonly output = startScrapeOutputSchema;
  readonly annotations = { ...PAID_TOOL, openWorldHint: true };
  readonly apiPath = '/api/v1/scrape/jobs';

  constructor(
    private readonly startScrape: StartScrapeUseCase,
    private readonly report: PaidCallReport,
  ) {}

  async run(input: z.output<typeof scrapeCreateRequestSchema>, principal: Principal): Promise<z.output<typeof startScrapeOutputSchema>> {
    const job = await this.startScrape.execute({ ...principal, request: input });
    return { ...job, ...(await this.report.of(principal, job.credits_charged)) };
  }
}
