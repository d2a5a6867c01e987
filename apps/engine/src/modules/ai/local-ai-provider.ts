import { assessIcp, EnrichmentValues, IcpAssessment, writeEnrichmentFields } from '@lead-engine/core';
import type { AiProvider, IcpScoringRequest, RowEnrichmentRequest } from './ai-provider.port';

/** The built-in provider: deterministic, no network; every answer comes from the rules of libs/core/ai. */
export class LocalAiProvider implements AiProvider {
  readonly name = 'local';
  readonly secondsPerRow = 1;

  async scoreIcp({ targetIcp, facts }: IcpScoringRequest): Promise<IcpAssessment> {
    return assessIcp(targetIcp, facts);
  }

  async enrichRow({ fields, targetIcp, sellerOffer, facts }: RowEnrichmentRequest): Promise<EnrichmentValues> {
    return writeEnrichmentFields(fields, { facts, targetIcp, sellerOffer });
  }
}
