import { Controller, Get } from '@nestjs/common';
import type { CreditBalance } from '@lead-engine/contracts';
import { CurrentPrincipal } from '../identity/current-principal.decorator';
import type { Principal } from '../identity/current-principal.decorator';
import { GetCreditBalanceUseCase } from './use-cases/get-credit-balance.use-case';

@Controller('api/v1/credits')
export class CreditsController {
  constructor(private readonly getCreditBalance: GetCreditBalanceUseCase) {}

  @Get()
  get(@CurrentPrincipal() principal: Principal): Promise<CreditBalance> {
    return this.getCreditBalance.execute(principal.accountId);
  }
}
