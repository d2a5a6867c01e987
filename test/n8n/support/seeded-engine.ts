import type { StartOptions } from '../../../apps/engine/src/app/start-engine';
import { createAccount, startTestEngine } from '../../e2e/support/engine-under-test';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS } from '../../e2e/support/lead-fixture';
import { seedLeads } from '../../e2e/support/seed-leads';
import { createTestEnvironment, TestEnvironment } from '../../e2e/support/test-environment';

export interface SeededEngine {
  environment: TestEnvironment;
  url: string;
  /** An account with `credits` credits, as the node's credential. */
  credentials: { baseUrl: string; apiKey: string };
  newAccount(name: string, credits?: number): Promise<{ baseUrl: string; apiKey: string }>;
  balance(apiKey?: string): Promise<number>;
  close(): Promise<void>;
}

/** A real engine in this process over its own database, with the e2e lead fixture (8 contacts, 4 companies). */
export async function startSeededEngine(
  label: string,
  credits = 10_000,
  overrides: Record<string, string> = {},
  options: StartOptions = {},
): Promise<SeededEngine> {
  const environment = createTestEnvironment(label);
  // Seeded before the engine starts, as an operator's data is: the engine loads its lead table at boot.
  await seedLeads(environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS);
  const engine = await startTestEngine(environment, overrides, options);
  const newAccount = async (name: string, accountCredits = credits) => {
    const account = await createAccount(environment, name, accountCredits);
    return { baseUrl: engine.url, apiKey: account.apiKey };
  };
  const credentials = await newAccount('n8n');
  return {
    environment,
    url: engine.url,
    credentials,
    newAccount,
    async balance(apiKey = credentials.apiKey) {
      const response = await fetch(`${engine.url}/api/v1/credits`, { headers: { 'X-API-Key': apiKey } });
      return ((await response.json()) as { balance: number }).balance;
    },
    async close() {
      await engine.close();
      await environment.cleanup();
    },
  };
}
