import { Module } from '@nestjs/common';
import { ExpiredRowsRepository } from './expired-rows.repository';
import { SweepExpiredRowsUseCase } from './use-cases/sweep-expired-rows.use-case';

/** Deleting rows that have expired, so the tables of quotes, sessions and one-time links do not grow forever. */
@Module({
  providers: [ExpiredRowsRepository, SweepExpiredRowsUseCase],
  exports: [SweepExpiredRowsUseCase],
})
export class HousekeepingModule {}
