import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { contractJsonSchemaOverride, filterAliasShape } from '@lead-engine/contracts';
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

/** Standard JSON Schema only, the engine's own requirements in `required`, one name per filter. */
const override = contractJsonSchemaOverride({ unlisted: new Set(Object.values(filterAliasShape)) });

/**
 * A contract schema as the SDK takes it, converted through the contracts' override as the OpenAPI document
 * is (the filters' second spellings aside: still taken, never listed), without the `$ref`s its OpenAPI ids produce. With
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
    const { $defs, ...root } = standard.jsonSchema[io]({ ...settings, libraryOptions: { override } } as never) as Record<string, Json>;
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
