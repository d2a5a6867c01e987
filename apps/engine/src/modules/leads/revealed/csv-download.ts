import { StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

/** A CSV streamed as an attachment that no cache keeps. */
export function csvDownload(reply: FastifyReply, download: { filename: string; body: Readable }): StreamableFile {
  reply.header('Cache-Control', 'no-store');
  return new StreamableFile(download.body, {
    type: 'text/csv; charset=utf-8',
    disposition: `attachment; filename="${download.filename}"`,
  });
}
