import { Readable } from 'node:stream';
import type { ContactImportsRepository } from './contact-imports.repository';

/** An uploaded file read back from PostgreSQL, one stored part at a time, as the import asks for more. */
export function contactImportFile(imports: ContactImportsRepository, importId: string): Readable {
  async function* parts(): AsyncGenerator<Buffer> {
    for (let part = 0; ; part++) {
      const data = await imports.readPart(importId, part);
      if (data === null) return;
      yield data;
    }
  }
  return Readable.from(parts(), { objectMode: false, highWaterMark: 1 });
}
