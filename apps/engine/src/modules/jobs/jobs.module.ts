import { Module } from '@nestjs/common';
import { ExportsModule } from '../exports/exports.module';
import { JobsRepository } from './jobs.repository';
import { ListJobsUseCase } from './use-cases/list-jobs.use-case';

/** The account's jobs of every type, as the app's Jobs page lists them. */
@Module({
  imports: [ExportsModule],
  providers: [JobsRepository, ListJobsUseCase],
  exports: [ListJobsUseCase],
})
export class JobsModule {}
