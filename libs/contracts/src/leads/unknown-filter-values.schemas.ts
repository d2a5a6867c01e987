import { z } from 'zod';

export const unknownFilterValueSchema = z
  .strictObject({
    value: z.string().describe('The value as the engine understood it (trimmed; country codes upper-cased)'),
    nearest: z
      .array(z.string())
      .max(3)
      .describe('Up to 3 valid values closest to it, closest first; empty when none is close'),
  })
  .meta({ id: 'UnknownFilterValue' });
export type UnknownFilterValue = z.infer<typeof unknownFilterValueSchema>;

const unknownValues = (description: string) => z.array(unknownFilterValueSchema).optional().describe(description);

/**
 * The values of the enumerable filters that are not valid, keyed as in the echoed filters. They are no
 * error and are not dropped: each matches nothing, exactly as before this report existed.
 */
export const unknownFilterValuesSchema = z
  .strictObject({
    industryNames: unknownValues('Industries no company has'),
    seniorities: unknownValues('Seniorities no contact has'),
    countryCodes: unknownValues('Country codes no contact has'),
    companySizes: unknownValues('Neither a size band nor a raw bucket'),
    revenues: unknownValues('Not a revenue band'),
    departments: unknownValues('Departments no contact has'),
  })
  .meta({
    id: 'UnknownFilterValues',
    description:
      'Filter values that match nothing because they are not valid values of their filter, with the nearest valid ones: the one equal but for case, accents, spaces or punctuation alone; else values sharing its first word or containing it, then close spellings. Keyed as in the echoed filters (seniority and seniorities are both seniorities); only filters with an unknown value are present. GET /leads/filters lists the valid values. Free text filters (titles, keywords) have no unknown values; an unknown companyType answers UNKNOWN_COMPANY_TYPE instead',
  });
export type UnknownFilterValues = z.infer<typeof unknownFilterValuesSchema>;

/** Left out of an answer whose filter values are all valid. */
export const unknownValuesField = unknownFilterValuesSchema
  .optional()
  .describe(
    'Present only when a filter value is not valid (e.g. seniority "C-Level"): per filter, each unknown value with the nearest valid values. Unknown values match nothing, as they did before; the counts already reflect that',
  );
