import { Module } from '@nestjs/common';
import { IdempotencyRepository } from './idempotency.repository';
import { RunIdempotentlyUseCase } from './use-cases/run-idempotently.use-case';

@Module({
  providers: [IdempotencyRepository, RunIdempotentlyUseCase],
  exports: [RunIdempotentlyUseCase],
})
export class IdempotencyModule {}
