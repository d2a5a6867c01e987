import { Module } from '@nestjs/common';
import { AiModule } from '../ai/ai.module';
import { CreditsModule } from '../credits/credits.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { ScoreIcpUseCase } from './use-cases/score-icp.use-case';

@Module({
  imports: [AiModule, CreditsModule, IdempotencyModule],
  providers: [ScoreIcpUseCase],
  exports: [ScoreIcpUseCase],
})
export class IcpModule {}
