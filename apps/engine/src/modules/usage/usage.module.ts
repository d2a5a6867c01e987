import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { UsageLedgerRepository } from './usage-ledger.repository';
import { DownloadUsageUseCase } from './use-cases/download-usage.use-case';
import { GetOverviewUseCase } from './use-cases/get-overview.use-case';
import { ListUsageUseCase } from './use-cases/list-usage.use-case';
import { SetLowBalanceThresholdUseCase } from './use-cases/set-low-balance-threshold.use-case';

const USE_CASES = [ListUsageUseCase, DownloadUsageUseCase, GetOverviewUseCase, SetLowBalanceThresholdUseCase];

/** Where the credits went: the ledger and its daily summary, as the app shows them. */
@Module({
  imports: [UsersModule],
  providers: [UsageLedgerRepository, ...USE_CASES],
  exports: USE_CASES,
})
export class UsageModule {}
