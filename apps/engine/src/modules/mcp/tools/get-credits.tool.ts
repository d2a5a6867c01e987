import { Injectable } from '@nestjs/common';
import { creditBalanceSchema } from '@lead-engine/contracts';
import { z } from 'zod';
import type { Principal } from '../../identity/current-principal.decorator';
import { GetCreditBalanceUseCase } from '../../credits/use-cases/get-credit-balance.use-case';
import { ICP_SCORE_COST } from '../../icp/use-cases/score-icp.use-case';
import type { McpTool } from './mcp-tool';

const noInputSchema = z.strictObject({});

const priceSchema = z.strictObject({
  tool: z.string().describe('The paid tool'),
  credits: z.number().int().describe('Credits per unit'),
  per: z.string().describe('What one unit is, and what is never charged'),
});
const getCreditsOutputSchema = creditBalanceSchema.extend({
  prices: z.array(priceSchema).describe('Every paid kind of work this endpoint does and its price; every other tool is free'),
});

/** What the paid tools charge, so that an agent can know a price before any call. */
export const MCP_PRICES: Array<z.output<typeof priceSchema>> = [
  { tool: 'reveal_leads', credits: 1, per: 'lead this account has not revealed before; a lead revealed before is free' },
  { tool: 'start_export', credits: 1, per: 'delivered lead this account has not revealed before, charged as the export runs' },
  { tool: 'score_icp', credits: ICP_SCORE_COST, per: 'scored company, charged only when the score succeeds' },
  { tool: 'start_scrape', credits: 1, per: 'unique site, held when the job starts; sites that cannot be read are refunded' },
];

@Injectable()
export class GetCreditsTool implements McpTool<typeof noInputSchema, typeof getCreditsOutputSchema> {
  readonly name = 'get_credits';
  readonly title = 'Get credit balance and prices';
  readonly description = [
    'Returns the credit balance of the account that owns this API key: balance (credits available now), total_earned and total_spent, and prices: every paid tool with what it costs. Free: costs no credits.',
    `Paid work is drawn from this balance: ${MCP_PRICES.map((price) => `${price.tool} ${price.credits} credit per ${price.per}`).join('; ')}. Every other tool is free.`,
  ].join('\n');
  readonly input = noInputSchema;
  readonly output = getCreditsOutputSchema;
  readonly apiPath = '/api/v1/credits';

  constructor(private readonly getCreditBalance: GetCreditBalanceUseCase) {}

  async run(_input: unknown, principal: Principal): Promise<z.output<typeof getCreditsOutputSchema>> {
    return { ...(await this.getCreditBalance.execute(principal.accountId)), prices: MCP_PRICES };
  }
}
