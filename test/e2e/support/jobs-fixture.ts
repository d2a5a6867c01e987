import { startAiWebsites } from './ai-fixture';
import { Harness } from './harness';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS } from './lead-fixture';
import { seedLeads } from './seed-leads';

/** The id of no job at all. */
export const UNKNOWN_ID = '6f1d2c3b-4a59-4e8f-9d7c-0b1a2c3d4e5f';

/** Two prospects to enrich: one at a site with text, one at a site without. */
export const ENRICHMENT_CSV = [
  'First Name,Last Name,Email,Company Website,Job Title,Company',
  'Ada,Lovelace,ada@clinicsoft.ai.test,https://www.clinicsoft.ai.test/,VP of Engineering,ClinicSoft',
  'Eve,Empty,,empty.ai.test,CTO,Empty Inc',
].join('\n');

/**
 * What the Jobs files start their jobs on: the fixture leads to export, the AI fixture's websites, and
 * slow.ai.test, which holds every answer until released (a scrape that stays running, holding its credit)
 * and then answers with `slowPage`.
 */
export class JobsFixture {
  private websites!: Awaited<ReturnType<typeof startAiWebsites>>;
  private readonly heldAnswers: Array<() => void> = [];

  constructor(private readonly slowPage: string) {}

  /** In `prepare`: the sites and their DNS server, stopped after the file, then the leads. */
  async start(harness: Harness): Promise<void> {
    this.websites = harness.stopAfterAll(await startAiWebsites());
    this.websites.sites.site('slow.ai.test', (request, response) => {
      if (request.url === '/robots.txt') return void response.writeHead(404).end('not found');
      this.heldAnswers.push(() => response.end(this.slowPage));
    });
    await seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS);
  }

  /** Once the engine has started: its shutdown waits for the jobs it runs, so held answers go first. */
  releaseOnClose(harness: Harness): void {
    harness.closeAfterAll(async () => this.releaseSlowSite());
  }

  get env(): Record<string, string> {
    return { ...this.websites.env, SCRAPE_TIMEOUT_MS: '60000' };
  }

  get slowSiteAsked(): boolean {
    return this.heldAnswers.length > 0;
  }

  releaseSlowSite(): void {
    this.heldAnswers.splice(0).forEach((release) => release());
  }
}
