import { PipeTransform } from '@nestjs/common';
import { DomainError } from '@lead-engine/core';
import type { z } from 'zod';

export interface ValidationDetail {
  path: string;
  message: string;
}

/**
 * A union whose every branch but one failed on the input's type (a string where a list is accepted
 * too) failed on that one branch's checks: its issues say what is wrong, not "Invalid input".
 */
function withUnionsResolved(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[] = []): Array<z.core.$ZodIssue> {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const typed = issue.errors.filter((branch) => !branch.some((inner) => inner.code === 'invalid_type' && inner.path.length === 0));
      if (typed.length === 1) return withUnionsResolved(typed[0], path);
    }
    return [{ ...issue, path }];
  });
}

export function validationDetails(error: z.ZodError): ValidationDetail[] {
  return withUnionsResolved(error.issues).flatMap((issue) => {
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
