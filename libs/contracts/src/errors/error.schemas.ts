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

export const errorBodySchema = z
  .looseObject({
    error: z.string().describe('Human-readable summary'),
    code: z.enum(ERROR_CODES).describe('Machine-readable error code'),
    message: z.string().optional().describe('Detail about this occurrence'),
    details: z.array(validationDetailSchema).optional().describe('VALIDATION_ERROR: every problem found'),
    required: z.number().int().optional().describe('INSUFFICIENT_CREDITS: credits the request needs'),
    balance: z.number().int().optional().describe('INSUFFICIENT_CREDITS: the current balance'),
    rows: z.array(z.number().int()).optional().describe('ROWS_MISSING_WEBSITE_OR_EMAIL: 1-based data row numbers'),
    checks: readinessChecksSchema.optional().describe('NOT_READY: each readiness check'),
  })
  .meta({ id: 'ErrorBody' });

export type ErrorBody = z.infer<typeof errorBodySchema>;
