import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';

type Json = unknown;

/** Replaces every `#/$defs/…` reference by its definition, so a client reads a contract's schema in one piece. */
function inlineDefinitions(node: Json, definitions: Record<string, Json>): Json {
  if (Array.isArray(node)) return node.map((item) => inlineDefinitions(item, definitions));
  if (node === null || typeof node !== 'object') return node;
  const { $ref, $defs: _nested, ...rest } = node as Record<string, Json>;
  const inlined = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inlineDefinitions(value, definitions)]));
  if (typeof $ref !== 'string' || !$ref.startsWith('#/$defs/')) return $ref === undefined ? inlined : { $ref, ...inlined };
  return { ...(inlineDefinitions(definitions[$ref.slice('#/$defs/'.length)], definitions) as object), ...inlined };
}

/**
 * A contract schema as the SDK takes it, listed without the `$ref`s its OpenAPI ids produce. With
 * `passArguments`, arguments reach the tool unchecked: the tool parses them with the contract itself, so
 * a bad value is the same VALIDATION_ERROR, code and message, that /api/v1 answers.
 */
export function toolSchema(schema: z.ZodType, options: { passArguments?: boolean } = {}): StandardSchemaWithJSON {
  const standard = schema['~standard'] as unknown as StandardSchemaWithJSON['~standard'];
  // Converting a contract takes milliseconds and every tools/list of every request asks again: kept per target.
  const converted = new Map<string, Record<string, unknown>>();
  const listed = (io: 'input' | 'output') => (settings: { target: string }) => {
    const cacheKey = `${io} ${settings.target}`;
    const cached = converted.get(cacheKey);
    if (cached) return cached;
    const { $defs, ...root } = standard.jsonSchema[io](settings as never) as Record<string, Json>;
    const schema = inlineDefinitions(root, ($defs ?? {}) as Record<string, Json>) as Record<string, unknown>;
    converted.set(cacheKey, schema);
    return schema;
  };
  return {
    '~standard': {
      ...standard,
      ...(options.passArguments ? { validate: (value: unknown) => ({ value }) } : {}),
      jsonSchema: { input: listed('input'), output: listed('output') },
    },
  } as StandardSchemaWithJSON;
}
