import { Controller, Post } from '@nestjs/common';
import { DomainError } from '@lead-engine/core';

const REPLACEMENTS: Record<string, string> = {
  enrich: 'Use the CSV enrichment job: POST /api/v1/enrich-csv.',
  'find-email': 'Contact details come from POST /api/v1/leads/browse and POST /api/v1/leads/reveal.',
  'find-phone': 'Contact details come from POST /api/v1/leads/browse and POST /api/v1/leads/reveal.',
};

/**
 * Retired endpoints stay routed, under the one method they had, so callers learn what replaced them instead
 * of getting a bare 404; other methods never existed there and are unknown routes.
 */
@Controller('api/v1')
export class RetiredController {
  @Post('enrich')
  enrich(): never {
    throw retired('enrich');
  }

  @Post('find-email')
  findEmail(): never {
    throw retired('find-email');
  }

  @Post('find-phone')
  findPhone(): never {
    throw retired('find-phone');
  }
}

function retired(endpoint: string): DomainError {
  return new DomainError('ENDPOINT_RETIRED', `/api/v1/${endpoint} is retired. ${REPLACEMENTS[endpoint]}`);
}
