import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PostgresAvailability } from '../database/postgres-availability';
import { redactUrl } from '../logging/redact-url';
import { toErrorResponse } from './error-response';
import { routeKeyOf } from './request-target';

/** Everything thrown while serving a request, answered in the contract's error envelope. */
@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  constructor(private readonly postgresAvailability: PostgresAvailability) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const response = toErrorResponse(error, routeKeyOf(request));
    if (response.databaseUnreachable) this.postgresAvailability.reportUnreachable();
    if (response.unexpected) this.logger.error({ err: error, reqId: request.id, url: redactUrl(request.url) }, 'unexpected error');
    reply.status(response.status).headers(response.headers).type('application/json; charset=utf-8').send(response.body);
  }
}
