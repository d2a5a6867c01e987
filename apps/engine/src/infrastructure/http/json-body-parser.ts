import { DomainError } from '@lead-engine/core';
import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';

/**
 * Replaces Fastify's JSON parser so that a malformed body is an INVALID_JSON domain error (Nest would
 * otherwise fold Fastify's own error into a bare 400), an empty body counts as no body, and
 * `__proto__`/`constructor` keys are refused rather than merged into objects.
 */
export function installJsonBodyParser(fastify: FastifyInstance, bodyLimit: number): void {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch (error) {
      done(new DomainError('INVALID_JSON', `The body is not valid JSON: ${(error as Error).message}`), undefined);
    }
  });
}
