import type { EnrichmentFieldId } from '@lead-engine/contracts';
import { z } from 'zod';

const text = z.string().trim().min(1);
const score = z.number().min(0).max(100);

export const icpAnswerSchema = z.object({
  score,
  company_type: text,
  company_type_plural: text,
  industry_descriptor: text,
  their_solution: text,
  buyer_personas: text,
  analysis: text,
});

/** Every requested key must be present; icp_grading is a 0-100 score, every other field text ("" for none). */
export function enrichmentAnswerSchema(fields: readonly EnrichmentFieldId[]) {
  return z.object(
    Object.fromEntries(fields.map((field) => [field, field === 'icp_grading' ? score : z.string()])) as Record<string, z.ZodType>,
  );
}
