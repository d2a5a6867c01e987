import type { EnrichmentFieldId } from '@lead-engine/contracts';
import type { EnrichmentValues, IcpAssessment, ProspectFacts } from '@lead-engine/core';

export interface IcpScoringRequest {
  targetIcp: string;
  facts: ProspectFacts;
}

export interface RowEnrichmentRequest {
  fields: readonly EnrichmentFieldId[];
  targetIcp: string | null;
  sellerOffer: string | null;
  facts: ProspectFacts;
}

/**
 * Writes the AI answers of the engine. Implementations either answer or throw a DomainError
 * AI_SERVICE_UNAVAILABLE; `icp_grading` comes back as the grade letter. A field missing from an
 * enrichment answer is an empty cell.
 */
export interface AiProvider {
  readonly name: 'local' | 'openai';
  /** Typical seconds one row takes in one lane (website read and answer), for first estimates. */
  readonly secondsPerRow: number;
  scoreIcp(request: IcpScoringRequest): Promise<IcpAssessment>;
  enrichRow(request: RowEnrichmentRequest): Promise<EnrichmentValues>;
}

export const AI_PROVIDER = Symbol('AiProvider');
