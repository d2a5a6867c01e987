import { Module } from '@nestjs/common';
import type { EngineConfig } from '../../config/engine-config.schema';
import { ENGINE_CONFIG } from '../tokens';
import { DnsHostResolver, parseDnsServers } from './dns-host-resolver';
import { HOST_RESOLVER, HostResolver } from './host-resolver.port';
import { scrapeTargetPolicy, TargetGuard, WEBHOOK_TARGET_GUARD, webhookTargetPolicy } from './target-guard';

/** What every outbound call the engine makes goes through: an SSRF guard per kind of traffic and the resolver they trust. */
@Module({
  providers: [
    {
      provide: HOST_RESOLVER,
      inject: [ENGINE_CONFIG],
      useFactory: (config: EngineConfig) => new DnsHostResolver(parseDnsServers(config.SCRAPE_DNS_SERVERS)),
    },
    {
      provide: TargetGuard,
      inject: [ENGINE_CONFIG, HOST_RESOLVER],
      useFactory: (config: EngineConfig, resolver: HostResolver) => new TargetGuard(scrapeTargetPolicy(config), resolver),
    },
    {
      provide: WEBHOOK_TARGET_GUARD,
      inject: [ENGINE_CONFIG, HOST_RESOLVER],
      useFactory: (config: EngineConfig, resolver: HostResolver) => new TargetGuard(webhookTargetPolicy(config), resolver),
    },
  ],
  exports: [TargetGuard, WEBHOOK_TARGET_GUARD, HOST_RESOLVER],
})
export class OutboundModule {}
