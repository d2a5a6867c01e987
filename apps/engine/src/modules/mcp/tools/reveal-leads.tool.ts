import { Injectable } from '@nestjs/common';
import { revealRequestSchema, revealResponseSchema } from '@lead-engine/contracts';
import { z } from 'zod';
import type { Principal } from '../../identity/current-principal.decorator';
import { RevealLeadsUseCase } from '../../leads/use-cases/reveal-leads.use-case';
import { PAID_TOOL, type McpTool } from './mcp-tool';
import { PaidCallReport, paidCallShape } from './paid-call-report';

const revealLeadsInputSchema = revealRequestSchema.extend({
  quote_id: z
    .string()
    .optional()
    .describe(
      'The quote_id from quote_reveal for exactly these leadIds: charges at most the quoted credits, and a retry with it never pays twice',
    ),
});
const revealLeadsOutputSchema = revealResponseSchema.extend(paidCallShape);

@Injectable()
export class RevealLeadsTool implements McpTool<typeof revealLeadsInputSchema, typeof revealLeadsOutputSchema> {
  readonly name = 'reveal_leads';
  readonly title = 'Reveal leads (paid)';
  readonly description = [
    'Reveals the full contact details (email, phone, company domain, LinkedIn URL) of leads from browse_leads. Costs 1 credit per lead this account has not revealed before; leads revealed before are returned again for free, so repeating a reveal never pays twice.',
    'Call quote_reveal first and pass its quote_id with the same leadIds: the reveal then charges at most what was quoted (less if some were revealed meanwhile), a retry with the same quote_id returns the first result without paying again, and an expired quote (QUOTE_EXPIRED) charges nothing.',
    "Returns the revealed leads, credits_charged, new_reveals, already_revealed, not_found, balance and budget_remaining. Over this API key's budget the call fails with BUDGET_EXCEEDED (details: which limit and what is left) and charges nothing; without enough credits, INSUFFICIENT_CREDITS.",
  ].join('\n');
  readonly input = revealLeadsInputSchema;
  readonly output = revealLeadsOutputSchema;
  readonly annotations = { ...PAID_TOOL, idempotentHint: true };
  readonly apiPath = '/api/v1/leads/reveal';

  constructor(
    private readonly revealLeads: RevealLeadsUseCase,
    private readonly report: PaidCallReport,
  ) {}

  async run(input: z.output<typeof revealLeadsInputSchema>, principal: Principal): Promise<z.output<typeof revealLeadsOutputSchema>> {
    const { quote_id: quoteId, ...request } = input;
    const result = await this.revealLeads.execute({ ...principal, request, quoteId });
    return { ...result, ...(await this.report.of(principal, result.credits_charged)) };
  }
}
