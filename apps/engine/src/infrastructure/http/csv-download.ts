import { StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';

const UTF8_BYTE_ORDER_MARK = Buffer.from([0xef, 0xbb, 0xbf]);

/** Excel on Windows reads a CSV as UTF-8 only when the file says so with the byte order mark. */
async function* markedAsUtf8(body: Readable): AsyncGenerator<Buffer | string> {
  yield UTF8_BYTE_ORDER_MARK;
  for await (const chunk of body) yield chunk as Buffer | string;
}

/** A CSV streamed as an attachment that no cache keeps; for Excel, marked as UTF-8. */
export function csvDownload(
  reply: FastifyReply,
  download: { filename: string; body: Readable },
  flavour: { excel: boolean },
): StreamableFile {
  reply.header('Cache-Control', 'no-store');
  const body = flavour.excel ? Readable.from(markedAsUtf8(download.body), { objectMode: false }) : download.body;
  return new StreamableFile(body, {
    type: 'text/csv; charset=utf-8',
    disposition: `attachment; filename="${download.filename}"`,
  });
}
