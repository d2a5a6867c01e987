import { Injectable } from '@nestjs/common';
import { icpScoreRequestSchema, icpScoreResponseSchema } from '@lead-engine/contracts';
import { z } from 'zod';
import type { Principal } from '../../identity/current-principal.decorator';
import { ICP_SCORE_COST, ScoreIcpUseCase } from '../../icp/use-cases/score-icp.use-case';
import { PAID_TOOL, type McpTool } from './mcp-tool';
import { PaidCallReport, paidCallShape } from './paid-call-report';

const scoreIcpOutputSchema = icpScoreResponseSchema.extend(paidCallShape);

@Injectable()
export class ScoreIcpTool implements McpTool<typeof icpScoreRequestSchema, typeof scoreIcpOutputSchema> {
  readonly name = 'score_icp';
  readonly title = 'Score a company against an ICP (paid)';
  readonly description = [
    `Scores how well one company fits an ideal customer profile (target_icp, free text) from its website or a work email: grade A to D, score 0 to 100, fit, and the AI's reading of the company. Paid: each call costs ${ICP_SCORE_COST} credit (cost_credits in the result), charged only when it succeeds; get_credits lists every price.`,
    "Returns the score with credits_charged, balance and budget_remaining. Over this API key's budget the call fails with BUDGET_EXCEEDED and charges nothing. Call get_credits first if the balance may be low.",
  ].join('\n');
  readonly input = icpScoreRequestSchema;
  readonly output = scoreIcpOutputSchema;
  readonly annotations = { ...PAID_TOOL, openWorldHint: true };
  readonly apiPath = '/api/v1/icp-score';

  constructor(
    private readonly scoreIcp: ScoreIcpUseCase,
    private readonly report: PaidCallReport,
  ) {}

  async run(input: z.output<typeof icpScoreRequestSchema>, principal: Principal): Promise<z.output<typeof scoreIcpOutputSchema>> {
    const score = await this.scoreIcp.execute({ ...principal, request: input });
    return { ...score, ...(await this.report.of(principal, score.cost_credits)) };
  }
}
