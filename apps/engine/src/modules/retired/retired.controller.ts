import { All, Controller } from '@nestjs/common';
import { DomainError } from '@lead-engine/core';

const REPLACEMENTS: Record<string, string> = {
  enrich: 'Use the CSV enrichment job: POST /api/v1/enrich-csv.',
  'find-email': 'Contact details come from POST /api/v1/leads/browse and POST /api/v1/leads/reveal.',
  'find-phone': 'Contact details come from POST /api/v1/leads/browse and POST /api/v1/leads/reveal.',
};

/** Retired endpoints stay routed so callers learn what replaced them instead of getting a bare 404. */
@Controller('api/v1')
export class RetiredController {
  @All('enrich')
  enrich(): never {
    throw retired('enrich');
  }

  @All('find-email')
  findEmail(): never {
    throw retired('find-email');
  }

  @All('find-phone')
  findPhone(): never {
    throw retired('find-phone');
  }
}

function retired(endpoint: string): DomainError {
  return new DomainError('ENDPOINT_RETIRED', `/api/v1/${endpoint} is retired. ${REPLACEMENTS[endpoint]}`);
}
