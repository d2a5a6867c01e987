import { Injectable } from '@nestjs/common';
import { exportCreateRequestSchema, exportCreatedSchema } from '@lead-engine/contracts';
import { z } from 'zod';
import type { Principal } from '../../identity/current-principal.decorator';
import { StartExportUseCase } from '../../exports/use-cases/start-export.use-case';
import { PAID_TOOL, type McpTool } from './mcp-tool';
import { PaidCallReport, paidCallShape } from './paid-call-report';

const startExportOutputSchema = exportCreatedSchema.extend(paidCallShape);

@Injectable()
export class StartExportTool implements McpTool<typeof exportCreateRequestSchema, typeof startExportOutputSchema> {
  readonly name = 'start_export';
  readonly title = 'Start a CSV export (paid)';
  readonly description = [
    "Starts a CSV export of up to limit leads matching the filters (the same filters as count_leads), with full contact details. Paid: when the export runs, each delivered lead this account has not revealed before costs 1 credit (leads revealed before are skipped, never charged twice); it stops at the balance. Nothing is charged when it starts (credits_charged 0), but the most it may charge (the quoted credits with a quote_id, else its limit) counts against this API key's budgets until it completes.",
    'Call quote_export first with the same filters and limit, and pass its quote_id here: the export then charges at most the quoted credits, a retry with the same quote_id answers the same export instead of starting another, and an expired quote (QUOTE_EXPIRED) starts nothing. Set limit to what the user wants to pay for at most.',
    'Then poll get_export with the returned job_id until status is completed: it gives a short-lived download link to the CSV.',
    "Over this API key's budget (the quoted credits or the limit are what count) the call fails with BUDGET_EXCEEDED, saying what is left.",
  ].join('\n');
  readonly input = exportCreateRequestSchema;
  readonly output = startExportOutputSchema;
  readonly annotations = PAID_TOOL;
  readonly apiPath = '/api/v1/leads/exports';

  constructor(
    private readonly startExport: StartExportUseCase,
    private readonly report: PaidCallReport,
  ) {}

  async run(input: z.output<typeof exportCreateRequestSchema>, principal: Principal): Promise<z.output<typeof startExportOutputSchema>> {
    const created = await this.startExport.execute({ ...principal, request: input });
    return { ...created, ...(await this.report.of(principal, 0)) };
  }
}
