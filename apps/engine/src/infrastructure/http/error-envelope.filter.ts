import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorResponse } from './error-response';

export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply, logger: Pick<Logger, 'error'>): void {
  const response = toErrorResponse(error);
  if (response.unexpected) logger.error({ err: error, reqId: request.id, url: request.url }, 'unexpected error');
  reply.status(response.status).headers(response.headers).type('application/json; charset=utf-8').send(response.body);
}

/** Errors raised inside Nest handlers; errors raised before routing go through the same sendError. */
@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendError(error, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>(), this.logger);
  }
}
