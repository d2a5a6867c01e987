import type { ConsoleJobPage } from '@lead-engine/contracts';
import { consolePath } from './console-paths';
import type { SignedInUser } from './console-session';
import { untilFinished } from './job-finished';
import type { JobKind } from './job-footprint';

const GET = { scrape: 'consoleGetScrape', enrichment: 'consoleGetEnrichment' } as const;

/** A job started in the app, as the console shows it to a user: waited for until it ends, and its line in the Jobs list. */
export const consoleJobFinished = <Job extends { status: string }>(user: SignedInUser, kind: JobKind, id: string) =>
  untilFinished(`${kind} ${id}`, async () => (await user.client.json<Job>('GET', consolePath(GET[kind], { id }))).body);

export async function listedJob(user: SignedInUser, kind: JobKind, id: string) {
  const page = await user.client.json<ConsoleJobPage>('GET', `${consolePath('consoleListJobs')}?type=${kind}`);
  expect(page.status).toBe(200);
  return page.body.items.find((item) => item.id === id);
}
