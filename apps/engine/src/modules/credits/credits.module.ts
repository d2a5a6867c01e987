import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { QUEUE_NAMES } from '@lead-engine/contracts';
import { AccountsModule } from '../accounts/accounts.module';
import { ApiKeyBudgetsRepository } from './api-key-budgets.repository';
import { BalanceCache } from './balance-cache';
import { CreditDebits } from './credit-debits';
import { CreditsRepository } from './credits.repository';
import { PlansRepository } from './plans.repository';
import { EnforceKeyBudgetUseCase } from './use-cases/enforce-key-budget.use-case';
import { GetKeyBudgetRemainingUseCase } from './use-cases/get-key-budget-remaining.use-case';
import { GetCreditBalanceUseCase } from './use-cases/get-credit-balance.use-case';
import { GetPlanUseCase } from './use-cases/get-plan.use-case';
import { GrantCreditsUseCase } from './use-cases/grant-credits.use-case';
import { MoveCreditsUseCase } from './use-cases/move-credits.use-case';
import { SetPlanUseCase } from './use-cases/set-plan.use-case';
import { SettleAllowancesUseCase } from './use-cases/settle-allowances.use-case';
import { StartConsoleTrialUseCase } from './use-cases/start-console-trial.use-case';
import { StartTrialUseCase } from './use-cases/start-trial.use-case';

const USE_CASES = [
  GetCreditBalanceUseCase,
  GrantCreditsUseCase,
  MoveCreditsUseCase,
  EnforceKeyBudgetUseCase,
  GetKeyBudgetRemainingUseCase,
  SetPlanUseCase,
  StartTrialUseCase,
  SettleAllowancesUseCase,
  GetPlanUseCase,
  StartConsoleTrialUseCase,
];

@Module({
  imports: [AccountsModule, BullModule.registerQueue({ name: QUEUE_NAMES.billing })],
  providers: [BalanceCache, CreditDebits, CreditsRepository, ApiKeyBudgetsRepository, PlansRepository, ...USE_CASES],
  exports: [CreditsRepository, CreditDebits, ...USE_CASES, BullModule],
})
export class CreditsModule {}
