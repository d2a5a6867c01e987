import { z } from 'zod';

/** Lowest score of each grade; below C is D. */
export const ICP_GRADE_THRESHOLDS = { A: 80, B: 60, C: 40 } as const;

/** Who is being scored: an email, or a name and the company domain; either form, non-empty. */
const IDENTITY_FORMS = [['email'], ['first_name', 'last_name', 'domain']] as const;

export const icpScoreRequestSchema = z
  .strictObject({
    target_icp: z.string().min(1).max(500).describe('The ideal customer, in one or two sentences'),
    email: z.string().optional(),
    first_name: z.string().optional(),
    last_name: z.string().optional(),
    domain: z.string().optional(),
    company: z.string().optional(),
    title: z.string().optional(),
    industry: z.string().optional(),
  })
  .refine((body) => IDENTITY_FORMS.some((form) => form.every((key) => Boolean(body[key]))), {
    message: 'Give email, or first_name, last_name and domain',
    path: ['email'],
  })
  .meta({
    id: 'IcpScoreRequest',
    // Both forms may be given, so anyOf rather than oneOf.
    anyOf: IDENTITY_FORMS.map((form) => ({
      required: [...form],
      properties: Object.fromEntries(form.map((key) => [key, { type: 'string', minLength: 1 }])),
    })),
  });
export type IcpScoreRequest = z.infer<typeof icpScoreRequestSchema>;

export const icpScoreResponseSchema = z
  .strictObject({
    grade: z.enum(['A', 'B', 'C', 'D']).describe('A ≥ 80, B ≥ 60, C ≥ 40, else D'),
    score: z.number().int().min(0).max(100),
    fit: z.enum(['high', 'medium', 'low']).describe('A high, B medium, C and D low'),
    company_type: z.string().nullable(),
    their_solution: z.string().nullable(),
    buyer_personas: z.string().nullable(),
    analysis: z.string().nullable(),
    cost_credits: z.number(),
    company_type_plural: z.string(),
    industry_descriptor: z.string(),
  })
  .meta({ id: 'IcpScoreResponse' });
export type IcpScoreResponse = z.infer<typeof icpScoreResponseSchema>;
export type IcpGrade = IcpScoreResponse['grade'];
