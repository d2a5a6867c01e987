import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { CreditsModule } from '../credits/credits.module';
import { CreateAccountUseCase } from './create-account.use-case';
import { EnsureDemoAccountUseCase } from './ensure-demo-account.use-case';

/** Opening an account: the account, its first key and its welcome credits in one transaction. */
@Module({
  imports: [AccountsModule, CreditsModule],
  providers: [CreateAccountUseCase, EnsureDemoAccountUseCase],
  exports: [CreateAccountUseCase, EnsureDemoAccountUseCase],
})
export class OnboardingModule {}
