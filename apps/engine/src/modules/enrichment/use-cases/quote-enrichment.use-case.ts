import { Injectable } from '@nestjs/common';
import { ConsoleEnrichmentQuote, enrichmentFieldCost, EnrichmentForm } from '@lead-engine/contracts';
import type { UploadedFile } from '../../../infrastructure/http/multipart-upload';
import { GetCreditBalanceUseCase } from '../../credits/use-cases/get-credit-balance.use-case';
import type { EnrichmentCsvUpload } from '../enrichment-csv-reader';
import { checkEnrichmentUpload } from '../enrichment-upload';

/**
 * What starting an enrichment of this upload would hold (its rows × the fields' prices, each field once
 * in the order asked) and the balance now, after the same checks as the start; free, writes nothing
 * and keeps nothing of the file.
 */
@Injectable()
export class QuoteEnrichmentUseCase {
  constructor(private readonly creditBalance: GetCreditBalanceUseCase) {}

  async execute(accountId: string, form: EnrichmentForm, file: UploadedFile<EnrichmentCsvUpload> | null): Promise<ConsoleEnrichmentQuote> {
    const { fields, csv, cost } = checkEnrichmentUpload(form, file);
    const { balance } = await this.creditBalance.execute(accountId);
    return {
      rows: csv.rows.length,
      fields: fields.map((id) => ({ id, credits_per_row: enrichmentFieldCost(id) })),
      credits: cost.total,
      balance,
    };
  }
}
