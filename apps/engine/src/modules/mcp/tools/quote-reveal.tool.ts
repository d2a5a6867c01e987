import { Injectable } from '@nestjs/common';
import { revealQuoteRequestSchema, revealQuoteSchema } from '@lead-engine/contracts';
import { z } from 'zod';
import type { Principal } from '../../identity/current-principal.decorator';
import { QuoteRevealUseCase } from '../../leads/use-cases/quote-reveal.use-case';
import type { McpTool } from './mcp-tool';
import { GetKeyBudgetRemainingUseCase } from '../../credits/use-cases/get-key-budget-remaining.use-case';

const quoteRevealInputSchema = revealQuoteRequestSchema;
const quoteRevealOutputSchema = revealQuoteSchema;

@Injectable()
export class QuoteRevealTool implements McpTool<typeof quoteRevealInputSchema, typeof quoteRevealOutputSchema> {
  readonly name = 'quote_reveal';
  readonly title = 'Quote a reveal';
  readonly description = [
    "Says what revealing these leads' contact details would cost, before anything is paid. Free: costs no credits.",
    'Returns new (leads not revealed yet, 1 credit each), already_revealed (free), credits (the total), quote_id and expires_at (a quote lives 10 minutes), and budget_remaining (what this API key may still spend).',
    'Show the user the cost if it matters, then call reveal_leads with the same leadIds and this quote_id: it charges at most the quoted credits, and retrying it with the same quote_id never pays twice.',
  ].join('\n');
  readonly input = quoteRevealInputSchema;
  readonly output = quoteRevealOutputSchema;
  readonly apiPath = '/api/v1/leads/reveal/quote';

  constructor(
    private readonly quoteReveal: QuoteRevealUseCase,
    private readonly budgetRemaining: GetKeyBudgetRemainingUseCase,
  ) {}

  async run(input: z.output<typeof quoteRevealInputSchema>, principal: Principal): Promise<z.output<typeof quoteRevealOutputSchema>> {
    return this.budgetRemaining.besides(principal, this.quoteReveal.execute(principal, input.leadIds));
  }
}
