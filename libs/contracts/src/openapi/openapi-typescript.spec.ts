import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import ts from 'typescript';
import { OPENAPI_DOCUMENT_PATH } from './write-openapi-document';

/** Calls a client writes first, leaving out every key that has a default or is optional. */
const BODY_TYPE = `
type JsonBody<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;
`;

const TYPED_CALLS = `
export const savedSearch: JsonBody<'/console/api/saved-searches', 'post'> = { name: 'Founders', filters: {} };
export const browse: JsonBody<'/api/v1/leads/browse', 'post'> = { jobTitles: ['founder'] };
export const exportStart: JsonBody<'/api/v1/leads/exports', 'post'> = { limit: 10 };
export const scrape: JsonBody<'/api/v1/scrape/jobs', 'post'> = { domains: ['example.com'] };
`;

/** openapi-typescript is an ES module that Jest's CommonJS runtime cannot load, so it runs in its own Node process. */
function openapiTypes(document: unknown): string {
  const script = `import openapiTS, { astToString } from 'openapi-typescript';
let input = '';
for await (const chunk of process.stdin) input += chunk;
process.stdout.write(astToString(await openapiTS(JSON.parse(input))));`;
  return execFileSync(process.execPath, ['--input-type=module', '--eval', script], {
    input: JSON.stringify(document),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** The TypeScript diagnostics of calls against what openapi-typescript (default options) makes of the document. */
function typedCallErrors(document: unknown, calls: string): string[] {
  const name = '/virtual/calls.ts';
  const source = `${openapiTypes(document)}\n${BODY_TYPE}${calls}`;
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, skipLibCheck: true };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, version, ...rest) =>
    file === name ? ts.createSourceFile(file, source, version) : getSourceFile(file, version, ...rest);
  const program = ts.createProgram([name], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => `${diagnostic.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
}

describe('the OpenAPI document through openapi-typescript', () => {
  const document: unknown = JSON.parse(readFileSync(OPENAPI_DOCUMENT_PATH, 'utf8'));

  it('types request bodies so that keys with a default may be left out', () => {
    expect(typedCallErrors(document, TYPED_CALLS)).toEqual([]);
  }, 60_000);

  it('still refuses a body without a key the engine requires', () => {
    const errors = typedCallErrors(document, `export const exportStart: JsonBody<'/api/v1/leads/exports', 'post'> = {};`);
    expect(errors.join('\n')).toContain("Property 'limit' is missing");
  }, 60_000);
});
