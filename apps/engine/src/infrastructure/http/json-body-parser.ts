import { DomainError } from '@lead-engine/core';
import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';

/** No request of the API nests this deep; a deeper body would only exhaust the stack of what walks it. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a JSON text nests arrays and objects deeper than `limit`: one pass over the brackets outside
 * strings, made before parsing, so that no depth reaches JSON.parse or anything that walks its result.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index++;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return false;
}

/**
 * Replaces Fastify's JSON parser so that a malformed body is an INVALID_JSON domain error (Nest would
 * otherwise fold Fastify's own error into a bare 400), an empty body counts as no body, and
 * `__proto__`/`constructor` keys are refused rather than merged into objects, and a body nested deeper
 * than MAX_JSON_DEPTH is a VALIDATION_ERROR.
 */
export function installJsonBodyParser(fastify: FastifyInstance, bodyLimit: number): void {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      const message = `The body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`;
      return done(new DomainError('VALIDATION_ERROR', message, { details: [{ path: '', message }] }), undefined);
    }
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch (error) {
      done(new DomainError('INVALID_JSON', `The body is not valid JSON: ${(error as Error).message}`), undefined);
    }
  });
}
