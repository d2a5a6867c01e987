import { Harness } from './harness';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS } from './lead-fixture';
import { seedLeads } from './seed-leads';
import { relayPostgres, TcpRelay } from './tcp-relay';

/** The fixture leads in a PostgreSQL that the engine reaches through a relay, for a test to cut and restore. */
export class RelayedPostgres {
  private relayed!: { relay: TcpRelay; url: string };

  /** In `prepare`, before the engine starts, so the relay is cut only after everything else has closed. */
  async start(harness: Harness): Promise<void> {
    this.relayed = await relayPostgres(harness.environment.databaseUrl);
    harness.closeAfterAll(() => this.relay.cut());
    await seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS);
  }

  get relay(): TcpRelay {
    return this.relayed.relay;
  }

  /** The environment's database URL through the relay. */
  get url(): string {
    return this.relayed.url;
  }

  /** For `useHarness`'s `env`: the engine's DATABASE_URL through the relay. */
  readonly env = (): Record<string, string> => ({ DATABASE_URL: this.url });
}
