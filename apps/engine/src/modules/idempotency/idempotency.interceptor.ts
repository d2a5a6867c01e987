import { CallHandler, ExecutionContext, HttpStatus, Injectable, NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { canonicalJson, DomainError } from '@lead-engine/core';
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, Observable } from 'rxjs';
import { RunIdempotentlyUseCase } from './use-cases/run-idempotently.use-case';

const MAX_KEY_LENGTH = 255;

/** Honours the Idempotency-Key header on the POSTs that spend credits or start jobs (contract §2). */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly runIdempotently: RunIdempotentlyUseCase,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest & { idempotencyFingerprint?: string }>();
    const header = request.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (key === undefined || !request.principal) return next.handle();
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
      throw new DomainError('VALIDATION_ERROR', `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters.`, {
        details: [{ path: 'Idempotency-Key', message: `must be 1 to ${MAX_KEY_LENGTH} characters` }],
      });
    }
    const successStatus = this.reflector.get<number>(HTTP_CODE_METADATA, context.getHandler()) ?? HttpStatus.CREATED;
    const fingerprint = createHash('sha256')
      .update(`${request.method} ${request.routeOptions.url}\n${request.idempotencyFingerprint ?? canonicalJson(request.body ?? null)}`)
      .digest('hex');
    const reply = http.getResponse<FastifyReply>();
    const stored = this.runIdempotently.execute({ accountId: request.principal.accountId, key, fingerprint }, async () => ({
      status: successStatus,
      body: await lastValueFrom(next.handle()),
    }));
    return from(
      stored.then((response) => {
        if (response.replayed) reply.header('idempotent-replayed', 'true');
        return response.body;
      }),
    );
  }
}
