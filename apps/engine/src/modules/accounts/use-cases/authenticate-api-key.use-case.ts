import { Inject, Injectable } from '@nestjs/common';
import { DomainError, keyLookupPrefix } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import type { EngineConfig } from '../../../config/engine-config.schema';
import { CLOCK, Clock } from '../../../infrastructure/clock/clock';
import { ENGINE_CONFIG } from '../../../infrastructure/tokens';
import { AccountsRepository, ApiKeyRecord } from '../accounts.repository';
import { apiKeyMatches } from '../api-key-secrets';
import type { Principal } from '../../identity/current-principal.decorator';
import { ApiKeyLastUsed } from '../api-key-last-used';
import { ApiKeyRevocations } from '../api-key-revocations';

interface CachedKey {
  record: ApiKeyRecord | null;
  expiresAt: number;
}

const MAX_CACHED_KEYS = 10_000;

/**
 * Finds the account behind an API key. Lookups are cached for at most API_KEY_CACHE_MS (≤ 1 s) and
 * dropped at once when any process announces a revocation, so a revoked key stops working within a second.
 * A use is noted in memory and passed on to Redis once a minute per key; PostgreSQL is not written here.
 */
@Injectable()
export class AuthenticateApiKeyUseCase {
  private readonly cache = new Map<string, CachedKey>();
  private readonly cacheMs: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsRepository,
    revocations: ApiKeyRevocations,
    private readonly lastUsed: ApiKeyLastUsed,
    @Inject(ENGINE_CONFIG) config: EngineConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.cacheMs = config.API_KEY_CACHE_MS;
    revocations.listen((lookupPrefix) => this.cache.delete(lookupPrefix));
  }

  async execute(apiKey: string | undefined): Promise<Principal> {
    if (!apiKey) throw new DomainError('AUTH_REQUIRED');
    const lookupPrefix = keyLookupPrefix(apiKey);
    if (!lookupPrefix) throw new DomainError('INVALID_API_KEY');
    const record = await this.lookup(lookupPrefix);
    if (!record || record.revoked || !apiKeyMatches(apiKey, record.secretHash)) throw new DomainError('INVALID_API_KEY');
    // An expired key is refused like a revoked one, from the moment it expires (the cache holds the expiry, not a verdict).
    if (record.expiresAt && record.expiresAt.getTime() <= this.clock.now().getTime()) throw new DomainError('INVALID_API_KEY');
    this.lastUsed.note(record.id);
    return { accountId: record.accountId, apiKeyId: record.id, limits: record.limits };
  }

  private async lookup(lookupPrefix: string): Promise<ApiKeyRecord | null> {
    const now = Date.now();
    const cached = this.cache.get(lookupPrefix);
    if (cached && cached.expiresAt > now) return cached.record;
    const record = await this.accounts.findApiKeyByLookupPrefix(this.dataSource.manager, lookupPrefix);
    if (this.cacheMs > 0 && record) {
      if (this.cache.size >= MAX_CACHED_KEYS) this.cache.clear();
      this.cache.set(lookupPrefix, { record, expiresAt: now + this.cacheMs });
    }
    return record;
  }
}
