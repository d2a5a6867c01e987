import { clampScore, EnrichmentValues, gradeForScore, IcpAssessment } from '@lead-engine/core';
import type { AiProvider, IcpScoringRequest, RowEnrichmentRequest } from '../ai-provider.port';
import { ChatCompletionsClient } from './chat-completions-client';
import { enrichmentAnswerSchema, icpAnswerSchema } from './openai-answers.schemas';
import { enrichRowPrompt } from './prompts/enrich-row.v1.prompt';
import { icpScorePrompt } from './prompts/icp-score.v1.prompt';

/** Any OpenAI-compatible chat-completions server (AI_BASE_URL, AI_API_KEY, AI_MODEL). */
export class OpenAiProvider implements AiProvider {
  readonly name = 'openai';
  readonly secondsPerRow = 4;

  constructor(private readonly client: ChatCompletionsClient) {}

  async scoreIcp(request: IcpScoringRequest): Promise<IcpAssessment> {
    const answer = await this.client.completeJson(icpScorePrompt(request), icpAnswerSchema, 'icp score');
    return { ...answer, score: clampScore(answer.score) };
  }

  async enrichRow(request: RowEnrichmentRequest): Promise<EnrichmentValues> {
    const answer = await this.client.completeJson(enrichRowPrompt(request), enrichmentAnswerSchema(request.fields), 'enrich row');
    const values: EnrichmentValues = {};
    for (const field of request.fields) {
      const value = answer[field];
      if (field === 'icp_grading') values[field] = gradeForScore(clampScore(value as number));
      else if (typeof value === 'string' && value.trim() !== '') values[field] = value.trim();
    }
    return values;
  }
}
