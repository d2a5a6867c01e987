import { Module } from '@nestjs/common';
import type { EngineConfig } from '../../config/engine-config.schema';
import { ENGINE_CONFIG } from '../tokens';
import { DnsHostResolver, parseDnsServers } from './dns-host-resolver';
import { HOST_RESOLVER } from './host-resolver.port';
import { TargetGuard } from './target-guard';

/** What every outbound call the engine makes goes through: the SSRF guard and the resolver it trusts. */
@Module({
  providers: [
    TargetGuard,
    {
      provide: HOST_RESOLVER,
      inject: [ENGINE_CONFIG],
      useFactory: (config: EngineConfig) => new DnsHostResolver(parseDnsServers(config.SCRAPE_DNS_SERVERS)),
    },
  ],
  exports: [TargetGuard, HOST_RESOLVER],
})
export class OutboundModule {}
