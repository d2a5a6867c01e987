import { z } from 'zod';

const toList = (value: string | string[]) => (typeof value === 'string' ? [value] : value);

/**
 * Contract §2: where an array of strings is expected, a single string is a one-element array.
 * A union rather than z.preprocess so that the OpenAPI input schema shows both accepted forms.
 * No size cap here: limits such as TOO_MANY_LEADS / TOO_MANY_DOMAINS are the engine's own codes.
 */
export const stringList = z.union([z.string(), z.array(z.string())]).transform(toList);
export type StringListInput = z.input<typeof stringList>;

/**
 * A string list whose bounds the engine checks after parsing, to answer with the endpoint's own code
 * (e.g. LEAD_IDS_REQUIRED rather than VALIDATION_ERROR): stated in the JSON Schema, not in the parse.
 * Each bound sits on the form it binds, so that a strict validator reads every keyword beside its type.
 */
export const engineBoundedStringList = (maxItems: number) =>
  z.union([z.string().meta({ minLength: 1 }), z.array(z.string()).meta({ minItems: 1, maxItems })]).transform(toList);

export const uuidSchema = z.uuid();

/** A yes/no query parameter: the words true and false, anything else refused. */
export const queryBoolean = (fallback: boolean, description: string) =>
  z
    .enum(['true', 'false'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true')
    .describe(description);

/** Path ids are checked by the engine itself, so that unknown and malformed ids get the endpoint's own code. */
export const idParamsSchema = z.strictObject({ id: z.string().describe('Job or export id (uuid)') });
export type IdParams = z.infer<typeof idParamsSchema>;

export const isoDateTime = z.iso.datetime({ offset: true }).describe('ISO 8601 date-time');

export const jobStatusSchema = z.enum(['queued', 'running', 'completed', 'failed']);
export type JobStatus = z.infer<typeof jobStatusSchema>;
