import { Injectable } from '@nestjs/common';
import { DomainError } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { IdempotencyRepository } from '../idempotency.repository';

export const IDEMPOTENCY_TTL_HOURS = 24;
const WAIT_FOR_FIRST_CALL_MS = 30_000;
const POLL_MS = 50;

export interface IdempotentRequest {
  accountId: string;
  key: string;
  /** A digest of everything that makes two requests "the same" (method, route, body). */
  fingerprint: string;
}

export interface StoredResponse {
  status: number;
  body: unknown;
  replayed: boolean;
}

/**
 * The first request with a key runs and its successful response is kept for 24 hours; the same key
 * with the same request gets that response again without running anything, with a different request
 * it gets IDEMPOTENCY_KEY_REUSED. A concurrent duplicate waits for the first one to finish. A failed
 * first call keeps nothing (it changed nothing either), so it can be retried with the same key.
 */
@Injectable()
export class RunIdempotentlyUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly records: IdempotencyRepository,
  ) {}

  async execute(request: IdempotentRequest, work: () => Promise<{ status: number; body: unknown }>): Promise<StoredResponse> {
    const manager = this.dataSource.manager;
    const deadline = Date.now() + WAIT_FOR_FIRST_CALL_MS;
    for (;;) {
      if (await this.records.claim(manager, request.accountId, request.key, request.fingerprint)) {
        let response: { status: number; body: unknown };
        try {
          response = await work();
        } catch (error) {
          await this.records.release(manager, request.accountId, request.key);
          throw error;
        }
        await this.records.complete(manager, request.accountId, request.key, response.status, response.body);
        return { ...response, replayed: false };
      }
      const existing = await this.records.find(manager, request.accountId, request.key, IDEMPOTENCY_TTL_HOURS);
      if (!existing) continue;
      if (existing.expired) {
        await this.records.removeExpired(manager, request.accountId, request.key, IDEMPOTENCY_TTL_HOURS);
        continue;
      }
      if (existing.fingerprint !== request.fingerprint) {
        throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used with a different request.');
      }
      if (existing.responseStatus !== null) return { status: existing.responseStatus, body: existing.responseBody, replayed: true };
      if (Date.now() > deadline) {
        throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'A request with this Idempotency-Key is still being processed; retry later.');
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}
