import { Injectable } from '@nestjs/common';
import { creditBalanceSchema } from '@lead-engine/contracts';
import type { CreditBalance } from '@lead-engine/contracts';
import { z } from 'zod';
import type { Principal } from '../../identity/current-principal.decorator';
import { GetCreditBalanceUseCase } from '../../credits/use-cases/get-credit-balance.use-case';
import type { McpTool } from './mcp-tool';

const noInputSchema = z.strictObject({});

@Injectable()
export class GetCreditsTool implements McpTool<typeof noInputSchema, typeof creditBalanceSchema> {
  readonly name = 'get_credits';
  readonly title = 'Get credit balance';
  readonly description =
    "Returns the credit balance of the account that owns this API key: balance (credits available now), total_earned and total_spent. Free: costs no credits. Counting, listing filter values and browsing are free; paid work (revealing a lead's contact details costs 1 credit per lead the account has not revealed before) is drawn from this balance.";
  readonly input = noInputSchema;
  readonly output = creditBalanceSchema;
  readonly apiPath = '/api/v1/credits';

  constructor(private readonly getCreditBalance: GetCreditBalanceUseCase) {}

  run(_input: unknown, principal: Principal): Promise<CreditBalance> {
    return this.getCreditBalance.execute(principal.accountId);
  }
}
