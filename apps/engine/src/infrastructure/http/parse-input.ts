import { PipeTransform } from '@nestjs/common';
import { DomainError } from '@lead-engine/core';
import type { z } from 'zod';

export interface ValidationDetail {
  path: string;
  message: string;
}

export function validationDetails(error: z.ZodError): ValidationDetail[] {
  return error.issues.flatMap((issue) => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: path ? `${path}.${key}` : key, message: `Unknown key "${key}"` }));
    }
    return [{ path, message: issue.message }];
  });
}

/** Parses request input with a contract schema; anything that does not fit is a VALIDATION_ERROR naming each problem. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details = validationDetails(result.error);
  const summary = details.map((detail) => (detail.path ? `${detail.path}: ${detail.message}` : detail.message)).join('; ');
  throw new DomainError('VALIDATION_ERROR', summary, { details });
}

export class ContractPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    return parseInput(this.schema, value);
  }
}
