import { z } from 'zod';

const REQUIRED_BY_ENGINE = 'requiredByEngine';

/**
 * A key the engine requires itself, after parsing, to answer with its own code (LIMIT_REQUIRED,
 * LEAD_IDS_REQUIRED, DOMAINS_REQUIRED) rather than VALIDATION_ERROR: optional to zod, required in every
 * JSON Schema made with `contractJsonSchemaOverride`. The mark travels with the key through extend and omit.
 */
export const requiredByEngine = <T extends z.ZodType>(schema: T) => schema.optional().meta({ [REQUIRED_BY_ENGINE]: true });

export interface ContractJsonSchemaOptions {
  /** Keys still parsed but left out of the schema a client reads (a second spelling of a filter). */
  unlisted?: ReadonlySet<z.core.$ZodType>;
}

type JsonObject = { properties?: Record<string, unknown>; required?: string[]; [keyword: string]: unknown };

/**
 * The `override` of zod's JSON Schema conversion that every document the contracts produce (OpenAPI,
 * MCP tool schemas) goes through: only standard keywords come out, with the engine's own requirements
 * in `required` and without what says nothing to a reader.
 */
export function contractJsonSchemaOverride(options: ContractJsonSchemaOptions = {}) {
  return ({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: JsonObject }): void => {
    delete jsonSchema[REQUIRED_BY_ENGINE];
    // `format` already says it; zod's long regex would only make the document harder to read.
    if (jsonSchema.format === 'date-time' || jsonSchema.format === 'uuid') delete jsonSchema.pattern;
    // z.number().int() states the safe-integer range; it says nothing a reader needs.
    for (const bound of ['minimum', 'maximum'] as const) {
      if (Math.abs(jsonSchema[bound] as number) === Number.MAX_SAFE_INTEGER) delete jsonSchema[bound];
    }
    if (!(zodSchema instanceof z.ZodObject) || !jsonSchema.properties) return;
    const required = new Set(jsonSchema.required ?? []);
    for (const [key, member] of Object.entries(zodSchema.shape as Record<string, z.ZodType>)) {
      if (options.unlisted?.has(member)) {
        delete jsonSchema.properties[key];
        required.delete(key);
      } else if (z.globalRegistry.get(member)?.[REQUIRED_BY_ENGINE] === true) {
        required.add(key);
      }
    }
    if (required.size > 0) jsonSchema.required = [...required];
    else delete jsonSchema.required;
  };
}
