import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { UploadedFile } from './multipart-upload';

/** The file of a multipart upload route (see multipart-upload), or null when the form had none. */
export const Upload = createParamDecorator(
  (_data: unknown, context: ExecutionContext): UploadedFile | null => context.switchToHttp().getRequest<FastifyRequest>().upload ?? null,
);
