import { Module } from '@nestjs/common';
import { LeadsModule } from '../leads/leads.module';
import { MetricsEndpoint } from './metrics-endpoint';
import { MetricsRepository } from './metrics.repository';
import { ScrapeTimeMetrics } from './scrape-time-metrics';

/** /metrics: the endpoint and what a scrape reads. What is counted as it happens lives in EngineMetrics (infrastructure). */
@Module({
  imports: [LeadsModule],
  providers: [MetricsRepository, MetricsEndpoint, ScrapeTimeMetrics],
  exports: [MetricsEndpoint],
})
export class MetricsModule {}
