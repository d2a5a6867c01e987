import { Inject, Injectable } from '@nestjs/common';
import { withTextSearchBudget } from '@lead-engine/core';
import type { EngineConfig } from '../../config/engine-config.schema';
import { ENGINE_CONFIG } from '../../infrastructure/tokens';

/** What a lead query answered on the serving thread may read of titles and descriptions (LEAD_QUERY_TEXT_BUDGET_MB). */
@Injectable()
export class TextSearchBudget {
  constructor(@Inject(ENGINE_CONFIG) private readonly config: EngineConfig) {}

  /** Runs `query` within the budget: past it, a 400 VALIDATION_ERROR instead of a held thread. */
  run<T>(query: () => T): T {
    return withTextSearchBudget(this.config.LEAD_QUERY_TEXT_BUDGET_MB * 2 ** 20, query);
  }
}
