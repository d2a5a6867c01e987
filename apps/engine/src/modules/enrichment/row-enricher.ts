import { Inject, Injectable } from '@nestjs/common';
import { EnrichmentRowContact, EnrichmentValues, readEnrichmentRow, storableText } from '@lead-engine/core';
import type { EngineConfig } from '../../config/engine-config.schema';
import { ENGINE_CONFIG } from '../../infrastructure/tokens';
import { AI_PROVIDER, AiProvider } from '../ai/ai-provider.port';
import { prospectFactsOf } from '../ai/prospects/prospect-facts-of';
import { DirectoryCompany, DirectoryContact, ProspectsRepository } from '../ai/prospects/prospects.repository';
import { WEBSITE_TEXT_READER, WebsiteTextReader } from '../ai/website-text/website-text-reader.port';
import type { EnrichedRow, EnrichmentJobRecord, PendingRow } from './enrichment-jobs.repository';

/** The websites of one job: one read per domain at a time, and a domain that could not be read is not tried again. */
class JobWebsites {
  private readonly reading = new Map<string, Promise<string | null>>();
  private readonly unreadable = new Set<string>();

  constructor(private readonly reader: WebsiteTextReader) {}

  async text(domain: string): Promise<string | null> {
    if (this.unreadable.has(domain)) return null;
    let pending = this.reading.get(domain);
    if (!pending) {
      pending = this.reader.read(domain).then((website) => website.text);
      this.reading.set(domain, pending);
    }
    try {
      const text = await pending;
      if (text === null) this.unreadable.add(domain);
      return text;
    } finally {
      // Read texts are served by the site text cache from now on; only the read in flight is shared here.
      this.reading.delete(domain);
    }
  }
}

/**
 * Enriches rows of a job side by side (ENRICHMENT_CONCURRENCY lanes): the row's contact and company
 * from the engine's data, the company website's text, then the AI provider's answer. A row whose
 * website cannot be read is written with every cell blank. The first error stops every lane and is thrown.
 */
@Injectable()
export class RowEnricher {
  constructor(
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
    private readonly prospects: ProspectsRepository,
    @Inject(WEBSITE_TEXT_READER) private readonly websites: WebsiteTextReader,
    @Inject(AI_PROVIDER) private readonly ai: AiProvider,
  ) {}

  async enrich(job: EnrichmentJobRecord, rows: readonly PendingRow[], onRow: (row: EnrichedRow) => void): Promise<void> {
    const contacts = rows.map((row) => readEnrichmentRow(row.cells, job.columns));
    const [byEmail, byDomain] = await Promise.all([
      this.prospects.contactsByEmail([...new Set(contacts.flatMap((contact) => (contact.email ? [contact.email] : [])))]),
      this.prospects.companiesByDomain([...new Set(contacts.flatMap((contact) => (contact.domain ? [contact.domain] : [])))]),
    ]);
    const websites = new JobWebsites(this.websites);
    let next = 0;
    let failure: unknown = null;
    const lane = async () => {
      while (failure === null && next < rows.length) {
        const index = next++;
        try {
          onRow(await this.enrichOne(job, rows[index], contacts[index], byEmail, byDomain, websites));
        } catch (error) {
          failure ??= error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.config.ENRICHMENT_CONCURRENCY, rows.length) }, lane));
    if (failure !== null) throw failure;
  }

  private async enrichOne(
    job: EnrichmentJobRecord,
    row: PendingRow,
    contact: EnrichmentRowContact,
    byEmail: Map<string, DirectoryContact>,
    byDomain: Map<string, DirectoryCompany>,
    websites: JobWebsites,
  ): Promise<EnrichedRow> {
    const known = contact.email ? (byEmail.get(contact.email) ?? null) : null;
    const domain = contact.domain ?? known?.company.domain ?? null;
    const text = domain ? await websites.text(domain) : null;
    if (text === null) return { position: row.position, websiteRead: false, output: {} };
    const facts = prospectFactsOf(
      { email: contact.email, firstName: contact.firstName, lastName: contact.lastName, company: contact.company, title: contact.title },
      known,
      known ? null : (byDomain.get(domain!) ?? null),
      { domain, text },
    );
    const output = await this.ai.enrichRow({ fields: job.fields, targetIcp: job.targetIcp || null, sellerOffer: job.sellerOffer, facts });
    return { position: row.position, websiteRead: true, output: storableValues(output) };
  }
}

/** An AI provider's answer as it can be stored: what it wrote may hold NUL and the like, which PostgreSQL refuses. */
function storableValues(output: EnrichmentValues): EnrichmentValues {
  return Object.fromEntries(
    Object.entries(output).map(([field, value]) => [field, typeof value === 'string' ? storableText(value) : value]),
  );
}
