import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument } from './build-openapi-document';

export const OPENAPI_DOCUMENT_PATH = path.resolve(__dirname, '../../openapi.json');

export function serializeOpenApiDocument(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}

if (require.main === module) {
  writeFileSync(OPENAPI_DOCUMENT_PATH, serializeOpenApiDocument());
  process.stderr.write(`wrote ${OPENAPI_DOCUMENT_PATH}\n`);
}
