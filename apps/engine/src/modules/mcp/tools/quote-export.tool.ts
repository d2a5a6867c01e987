import { Injectable } from '@nestjs/common';
import { exportQuoteRequestSchema, exportQuoteSchema } from '@lead-engine/contracts';
import { z } from 'zod';
import type { Principal } from '../../identity/current-principal.decorator';
import { GetKeyBudgetRemainingUseCase } from '../../credits/use-cases/get-key-budget-remaining.use-case';
import { QuoteExportUseCase } from '../../exports/use-cases/quote-export.use-case';
import type { McpTool } from './mcp-tool';

const quoteExportOutputSchema = exportQuoteSchema;

@Injectable()
export class QuoteExportTool implements McpTool<typeof exportQuoteRequestSchema, typeof quoteExportOutputSchema> {
  readonly name = 'quote_export';
  readonly title = 'Quote a CSV export';
  readonly description = [
    'Says what a CSV export of up to limit leads matching the filters (the same filters as count_leads) would cost, before anything starts. Free: costs no credits.',
    'Returns new (matching leads this account has not revealed, up to limit: what the export would deliver, 1 credit each), already_revealed (matching leads revealed before: skipped, free), credits (the most the export will charge), balance (an export stops at the balance), quote_id and expires_at (a quote lives 10 minutes), and budget_remaining (what this API key may still spend).',
    'Show the user the cost if it matters, then call start_export with the same filters and limit and this quote_id: it charges at most the quoted credits, and retrying it with the same quote_id answers the same export instead of starting another.',
  ].join('\n');
  readonly input = exportQuoteRequestSchema;
  readonly output = quoteExportOutputSchema;
  readonly apiPath = '/api/v1/leads/exports/quote';

  constructor(
    private readonly quoteExport: QuoteExportUseCase,
    private readonly budgetRemaining: GetKeyBudgetRemainingUseCase,
  ) {}

  async run(input: z.output<typeof exportQuoteRequestSchema>, principal: Principal): Promise<z.output<typeof quoteExportOutputSchema>> {
    return this.budgetRemaining.besides(principal, this.quoteExport.execute(principal, input));
  }
}
