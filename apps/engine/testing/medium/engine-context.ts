import 'reflect-metadata';
import type { INestApplicationContext, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource, EntityManager } from 'typeorm';
import { expectLedgerInvariant } from '../../../../test/e2e/support/ledger-invariant';
import type { EngineConfig } from '../../src/config/engine-config.schema';
import { loadEngineConfig } from '../../src/config/load-engine-config';
import { createLogger, PinoNestLogger } from '../../src/infrastructure/logging/create-logger';
import type { ApiKeyLimitsChange } from '../../src/modules/accounts/accounts.repository';
import { AuthenticateApiKeyUseCase } from '../../src/modules/accounts/use-cases/authenticate-api-key.use-case';
import { CreateApiKeyUseCase } from '../../src/modules/accounts/use-cases/create-api-key.use-case';
import { GenerateContactsUseCase } from '../../src/modules/contacts/use-cases/generate-contacts.use-case';
import type { ChargingKey } from '../../src/modules/identity/charging-key';
import { CreateAccountUseCase, CreatedAccount } from '../../src/modules/onboarding/create-account.use-case';
import { specDatabase } from '../database/spec-database';
import { MediumTierModule } from './medium-tier.module';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface Balance {
  balance: number;
  totalEarned: number;
  totalSpent: number;
}

export interface LedgerRow {
  kind: 'grant' | 'spend' | 'hold' | 'refund';
  amount: number;
  reason: string;
  reference: string | null;
  apiKeyId: string | null;
}

/** An account opened through CreateAccountUseCase, with the key it was opened with as a paid call charges it. */
export interface MediumAccount extends CreatedAccount {
  key: ChargingKey;
}

/** An API key made through CreateApiKeyUseCase and authenticated as a request's would be: the key a paid call charges. */
export interface MediumKey extends ChargingKey {
  apiKeyId: string;
  apiKey: string;
}

/**
 * The engine's use-cases over a database and a Redis key prefix of their own: a Nest application context
 * without HTTP and without queue processors (MediumTierModule), its migrations run as every start runs
 * them (InfrastructureModule's openDatabase).
 */
export interface MediumEngine {
  app: INestApplicationContext;
  config: EngineConfig;
  dataSource: DataSource;
  databaseUrl: string;
  redisKeyPrefix: string;
  get<T>(type: Type<T>): T;
  /**
   * A transaction as the use-cases open theirs, begun again when the pool had no connection for it within
   * its 1.5 s (pg-pool's "timeout exceeded when trying to connect": it never began, so nothing of it
   * happened). More callers than the pool's 20 connections wait that long on a loaded machine; the
   * test then counts what the ledger answered them, never what the pool did.
   */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T>;
  /** An account through CreateAccountUseCase (its welcome grant in the ledger), with `credits` credits. */
  createAccount(name: string, credits: number): Promise<MediumAccount>;
  /** Another key of the account with these limits, authenticated (AuthenticateApiKeyUseCase) to the key a call charges. */
  createKey(accountId: string, limits: ApiKeyLimitsChange): Promise<MediumKey>;
  /** Synthetic contacts through GenerateContactsUseCase; the ids of every contact, in browse (seq) order. */
  seedContacts(count: number, seed?: number): Promise<string[]>;
  /** The account's balance and totals as committed. */
  balanceOf(accountId: string): Promise<Balance>;
  /** The account's ledger rows in the order they were written. */
  ledgerOf(accountId: string): Promise<LedgerRow[]>;
  /** How many leads the account has revealed or exported. */
  revealCount(accountId: string): Promise<number>;
  /** Balances equal their totals, totals equal the ledger, no balance below 0, and the per-day summary equals the ledger. */
  expectLedgerInvariant(): Promise<void>;
  /** Closes the context, drops the database, deletes the Redis keys and the snapshot folder. */
  close(): Promise<void>;
}

/** Settings as the e2e tests use them (test/e2e/support/test-environment.ts), over these database and prefix. */
function mediumConfig(databaseUrl: string, redisKeyPrefix: string, snapshotDir: string, env: Record<string, string>): EngineConfig {
  return loadEngineConfig({
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_RPS: '100000',
    RATE_LIMIT_BURST: '100000',
    LEAD_SNAPSHOT_DIR: snapshotDir,
    LEAD_TABLE_WAIT_MS: '60000',
    LEAD_SEGMENT_MIN_ROWS: '1000',
    // Never the key file in the working directory.
    WEBHOOK_SECRETS_KEY: randomBytes(32).toString('base64'),
    ...env,
  });
}

async function deleteRedisKeys(pattern: string): Promise<void> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Starts the engine's use-cases on a fresh database (`le_test_medium_<label>_…`) and Redis key prefix. */
export async function startMediumEngine(label: string, env: Record<string, string> = {}): Promise<MediumEngine> {
  const safeLabel = label.replace(/[^a-z0-9]/gi, '_').toLowerCase();
  const database = specDatabase(`medium_${safeLabel}`);
  const suffix = database.url.slice(database.url.lastIndexOf('/') + 1).replace(/^le_test_/, '');
  const redisKeyPrefix = `le-test:${suffix}`;
  const snapshotDir = path.join(tmpdir(), 'le-test-snapshots', suffix);
  const config = mediumConfig(database.url, redisKeyPrefix, snapshotDir, env);

  let app: INestApplicationContext | null = null;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    try {
      await app?.close();
    } finally {
      await database.drop();
      await deleteRedisKeys(`${redisKeyPrefix}:*`);
      await rm(snapshotDir, { recursive: true, force: true });
    }
  };

  try {
    const logger = new PinoNestLogger(createLogger(config.LOG_LEVEL, { role: 'medium' }));
    app = await NestFactory.createApplicationContext(MediumTierModule.register(config), { logger, abortOnError: false });
    await app.init();
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }

  const context = app;
  const dataSource = context.get(DataSource);
  const one = async <T>(sql: string, parameters: unknown[]): Promise<T> => ((await dataSource.query(sql, parameters)) as T[])[0];

  return {
    app: context,
    config,
    dataSource,
    databaseUrl: database.url,
    redisKeyPrefix,
    get: (type) => context.get(type),

    async transaction(work) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await dataSource.transaction(work);
        } catch (error) {
          if (attempt >= 20 || !(error instanceof Error) || error.message !== 'timeout exceeded when trying to connect') throw error;
        }
      }
    },

    async createAccount(name, credits) {
      const account = await context.get(CreateAccountUseCase).execute({ name, credits });
      return { ...account, key: { accountId: account.accountId, apiKeyId: account.keyId, limits: null } };
    },

    async createKey(accountId, limits) {
      const created = await context.get(CreateApiKeyUseCase).execute({ accountId, limits });
      const principal = await context.get(AuthenticateApiKeyUseCase).execute(created.apiKey);
      return { ...principal, apiKey: created.apiKey };
    },

    async seedContacts(count, seed = 1) {
      await context.get(GenerateContactsUseCase).execute({ count, seed });
      const rows: Array<{ id: string }> = await dataSource.query('SELECT id FROM contacts ORDER BY seq');
      return rows.map((row) => row.id);
    },

    async balanceOf(accountId) {
      const row = await one<{ balance: string; total_earned: string; total_spent: string }>(
        'SELECT balance, total_earned, total_spent FROM accounts WHERE id = $1',
        [accountId],
      );
      return { balance: Number(row.balance), totalEarned: Number(row.total_earned), totalSpent: Number(row.total_spent) };
    },

    async ledgerOf(accountId) {
      const rows: Array<{ kind: LedgerRow['kind']; amount: string; reason: string; reference: string | null; api_key_id: string | null }> =
        await dataSource.query('SELECT kind, amount, reason, reference, api_key_id FROM credit_ledger WHERE account_id = $1 ORDER BY id', [
          accountId,
        ]);
      return rows.map((row) => ({
        kind: row.kind,
        amount: Number(row.amount),
        reason: row.reason,
        reference: row.reference,
        apiKeyId: row.api_key_id,
      }));
    },

    async revealCount(accountId) {
      return (await one<{ n: number }>('SELECT count(*)::int AS n FROM reveals WHERE account_id = $1', [accountId])).n;
    },

    expectLedgerInvariant: () => expectLedgerInvariant(database.url),
    close,
  };
}

/**
 * Registers the file's hooks: the engine started before the first test, the ledger invariant checked
 * after every test, everything closed and removed after the last. The engine is read through the
 * returned getter once beforeAll has run.
 */
export function useMediumEngine(label: string, env: Record<string, string> = {}): () => MediumEngine {
  let engine: MediumEngine | null = null;
  beforeAll(async () => {
    engine = await startMediumEngine(label, env);
  });
  afterEach(async () => {
    if (engine) await engine.expectLedgerInvariant();
  });
  afterAll(async () => {
    await engine?.close();
  });
  return () => {
    if (!engine) throw new Error('the medium engine has not started (read it inside a test or a hook)');
    return engine;
  };
}
