import type { MeResponse } from '@lead-engine/contracts';
import type { Page } from 'playwright-core';
import { DESKTOP, openPage } from './browser';
import type { SignedInUser } from './console-session';
import type { Harness } from './harness';

/** The app's Jobs page as a signed-in user sees it: its rows, and the frame's balance beside the engine's. */
export async function openJobsPage(harness: Harness, user: SignedInUser, viewport = DESKTOP) {
  const { context, page } = await openPage(harness.browser, viewport);
  await context.addCookies([{ name: 'le_session', value: user.client.sessionToken!, url: harness.url }]);
  await page.goto(`${harness.url}/app/jobs`);
  return { context, page };
}

export const jobRows = (page: Page) => page.locator('[data-testid="job-row"]');
export const jobRow = (page: Page, id: string) => page.locator(`[data-testid="job-row"][data-job-id="${id}"]`);

export const frameBalanceIs = (page: Page, credits: number) =>
  page.getByTestId('balance').getByText(`${credits} credits`, { exact: true }).waitFor({ timeout: 15_000 });

export const balanceOverHttp = async (user: SignedInUser) =>
  (await user.client.json<MeResponse>('GET', '/console/api/me')).body.account!.balance;
