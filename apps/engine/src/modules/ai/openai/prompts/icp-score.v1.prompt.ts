import type { IcpScoringRequest } from '../../ai-provider.port';
import type { ChatMessage } from '../chat-completions-client';
import { prospectBrief } from './prospect-brief';

export const ICP_SCORE_PROMPT_VERSION = 'icp-score/v1';

const SYSTEM = `You grade how well one B2B contact and their company fit a seller's ideal customer profile (ICP).
Use only the facts given. Never invent facts; where something is unknown, say so and score it as uncertain.
Answer with one JSON object and nothing else, with exactly these keys:
- "score": integer 0-100 (80+ strong fit, 60-79 good, 40-59 weak, below 40 poor)
- "company_type": what kind of company this is, singular, lower case (e.g. "software company")
- "company_type_plural": the same, plural (e.g. "software companies")
- "industry_descriptor": the industry in a word or two (e.g. "software", "healthcare")
- "their_solution": what the company offers, one sentence, from its website where possible
- "buyer_personas": the roles that buy from this company, e.g. "CTOs, IT directors and engineering managers"
- "analysis": one to three sentences explaining the score against the ICP: role, industry, size, location`;

export function icpScorePrompt(request: IcpScoringRequest): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content: `Ideal customer profile:\n${request.targetIcp}\n\nWhat is known of the contact and company (JSON):\n${prospectBrief(request.facts)}`,
    },
  ];
}
