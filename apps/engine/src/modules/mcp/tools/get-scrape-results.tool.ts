import { Injectable } from '@nestjs/common';
import { scrapeResultsQuerySchema, scrapeResultsSchema } from '@lead-engine/contracts';
import type { ScrapeResults } from '@lead-engine/contracts';
import { z } from 'zod';
import type { Principal } from '../../identity/current-principal.decorator';
import { GetScrapeResultsUseCase } from '../../scrape/use-cases/get-scrape-results.use-case';
import type { McpTool } from './mcp-tool';

const getScrapeResultsInputSchema = scrapeResultsQuerySchema.extend({
  id: z.string().describe('The id start_scrape returned'),
});

@Injectable()
export class GetScrapeResultsTool implements McpTool<typeof getScrapeResultsInputSchema, typeof scrapeResultsSchema> {
  readonly name = 'get_scrape_results';
  readonly title = 'Get website texts';
  readonly description = [
    'Returns the status of a job from start_scrape and its results so far, one page at a time: each site with its outcome (ok, blocked, no_content, invalid), why it is not ok (reason, e.g. private_address, no_dns, http_status with http_status 403, robots) and its readable text. Free: costs no credits.',
    'Pass next_offset as offset for the next page (null when there is no more); call again while status is queued or running.',
  ].join('\n');
  readonly input = getScrapeResultsInputSchema;
  readonly output = scrapeResultsSchema;
  readonly apiPath = '/api/v1/scrape/jobs';

  constructor(private readonly getScrapeResults: GetScrapeResultsUseCase) {}

  run(input: z.output<typeof getScrapeResultsInputSchema>, principal: Principal): Promise<ScrapeResults> {
    const { id, ...query } = input;
    return this.getScrapeResults.execute(principal.accountId, id, query);
  }
}
