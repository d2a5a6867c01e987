import { z } from 'zod';
import { readinessChecksSchema } from '../health/health.schemas';
import { ERROR_CODES } from './error-codes';

export const validationDetailSchema = z
  .object({
    path: z.string().describe('Where the problem is: a dotted path into the body or query, a header name, or empty for the whole input'),
    message: z.string(),
  })
  .meta({ id: 'ValidationDetail' });
export type ValidationDetail = z.infer<typeof validationDetailSchema>;

export const budgetDetailSchema = z
  .object({
    limit: z
      .enum(['total', 'day', 'per_call', 'read_only'])
      .describe("The key's limit the call would pass: its total budget, today's (UTC) budget, its most per call, or read-only"),
    remaining: z
      .number()
      .int()
      .describe('Credits the key may still charge under that limit (for per_call: the most one call may charge; for read_only: 0)'),
  })
  .meta({ id: 'BudgetDetail' });
export type BudgetDetail = z.infer<typeof budgetDetailSchema>;

export const errorBodySchema = z
  .looseObject({
    error: z.string().describe('Human-readable summary'),
    code: z.enum(ERROR_CODES).describe('Machine-readable error code'),
    message: z.string().optional().describe('Detail about this occurrence'),
    details: z
      .union([z.array(validationDetailSchema), budgetDetailSchema])
      .optional()
      .describe('VALIDATION_ERROR: every problem found; BUDGET_EXCEEDED: which limit of the API key and what is left under it'),
    required: z.number().int().optional().describe('INSUFFICIENT_CREDITS: credits the request needs'),
    balance: z.number().int().optional().describe('INSUFFICIENT_CREDITS: the current balance'),
    rows: z.array(z.number().int()).optional().describe('ROWS_MISSING_WEBSITE_OR_EMAIL: 1-based data row numbers'),
    checks: readinessChecksSchema.optional().describe('NOT_READY: each readiness check'),
  })
  .meta({ id: 'ErrorBody' });

export type ErrorBody = z.infer<typeof errorBodySchema>;
