import { PLAN_MONTHLY_CREDITS, PLAN_NAMES, TRIAL_CREDITS } from '@lead-engine/core';
import type { Page } from 'playwright-core';
import { DESKTOP, expectNoSeriousAxeViolations, openSignedInPage, PHONE, screenshot } from './support/browser';
import { useHarness } from './support/harness';

const credits = (amount: number) => `${new Intl.NumberFormat('en-US').format(amount)} credits`;

describe('the Plan page at /app/plan, in Chromium', () => {
  const harness = useHarness({ label: 'console_plan_page', engine: 'process', browser: true });
  let url: string;

  beforeAll(() => {
    url = harness.url;
  });

  const signedInPage = (token: string, viewport = DESKTOP) => openSignedInPage(harness.browser, url, token, viewport);
  const trial = (page: Page) => page.getByTestId('trial');

  it('an owner on the starter plan sees every plan, starts the trial once, and a second start from another tab says why', async () => {
    const { accountId } = await harness.createAccount('Plan Inc');
    expect((await harness.operator(['plans:set', '--account', accountId, '--plan', 'starter'])).code).toBe(0);
    const owner = await harness.signIn({ accountId, role: 'owner', name: 'Olivia Owner' });
    const { context, page } = await signedInPage(owner.client.sessionToken!);

    await page.goto(`${url}/app/keys`);
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Plan', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Plan' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/plan');
    await expect(page.getByTestId('current-plan').textContent()).resolves.toContain('Starter plan');
    await expect(page.getByTestId('plan-renewal').textContent()).resolves.toContain(`adding ${credits(PLAN_MONTHLY_CREDITS.starter)}`);
    await expect(page.getByTestId('current-plan').textContent()).resolves.toContain('plans:set');
    const offers = page.getByTestId('plan-offer');
    await expect(offers.count()).resolves.toBe(PLAN_NAMES.length);
    for (const [index, name] of PLAN_NAMES.entries()) {
      await expect(offers.nth(index).textContent()).resolves.toContain(credits(PLAN_MONTHLY_CREDITS[name]));
    }
    await expect(page.locator('[data-testid="plan-offer"][aria-current="true"]').getAttribute('data-plan')).resolves.toBe('starter');
    await expect(trial(page).getAttribute('data-state')).resolves.toBe('available');
    await expect(trial(page).textContent()).resolves.toContain(`${credits(TRIAL_CREDITS)} for 7 days`);
    const balance = page.getByTestId('balance');
    await expect(balance.textContent()).resolves.toBe(credits(300 + PLAN_MONTHLY_CREDITS.starter));
    await expectNoSeriousAxeViolations(page);

    // Another tab opened the confirmation before this one started the trial.
    const other = await context.newPage();
    await other.goto(`${url}/app/plan`);
    await trial(other).getByRole('button', { name: 'Start trial' }).click();
    const otherDialog = other.getByRole('dialog', { name: 'Start the trial' });
    await otherDialog.waitFor();

    await trial(page).getByRole('button', { name: 'Start trial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start the trial' });
    await dialog.getByText('can be started only once').waitFor();
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Start trial' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('[data-testid="trial"][data-state="active"]').waitFor();
    await expect(trial(page).textContent()).resolves.toContain('Trial active until');
    await expect(page.getByTestId('trial-lapsing').textContent()).resolves.toContain(`${credits(TRIAL_CREDITS)} of the trial will lapse`);
    await expect(trial(page).getByRole('button', { name: 'Start trial' }).count()).resolves.toBe(0);
    // The frame's balance follows.
    await page
      .getByTestId('balance')
      .getByText(credits(300 + PLAN_MONTHLY_CREDITS.starter + TRIAL_CREDITS))
      .waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'plan');

    // The other tab's start is refused, in words, and nothing more is granted.
    await otherDialog.getByRole('button', { name: 'Start trial' }).click();
    const refusal = otherDialog.getByRole('alert');
    await refusal.waitFor();
    await expect(refusal.textContent()).resolves.toContain('already had its one-time trial');
    await expect(otherDialog.getByRole('button', { name: 'Start trial' }).count()).resolves.toBe(0);
    await other.locator('[data-testid="trial"][data-state="active"]').waitFor();
    await expectNoSeriousAxeViolations(other);
    await otherDialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await otherDialog.waitFor({ state: 'detached' });
    const rows = await harness.query("SELECT amount FROM credit_ledger WHERE account_id = $1 AND reason = 'trial credits'", [accountId]);
    expect(rows).toHaveLength(1);

    // After a reload the button is gone for good.
    await page.reload();
    await page.locator('[data-testid="trial"][data-state="active"]').waitFor();
    await expect(page.getByRole('button', { name: 'Start trial' }).count()).resolves.toBe(0);
    await context.close();
  });

  it('works at 390 px and from the keyboard; a member sees the trial but cannot start it', async () => {
    const { accountId } = await harness.createAccount('Phone Plan Co');
    const owner = await harness.signIn({ accountId, role: 'owner' });
    const { context, page } = await signedInPage(owner.client.sessionToken!, PHONE);
    await page.goto(`${url}/app/plan`);
    await page.getByRole('heading', { level: 1, name: 'Plan' }).waitFor();
    await expect(page.getByTestId('current-plan').textContent()).resolves.toContain('No plan');
    await expect(page.locator('[data-testid="plan-offer"][aria-current="true"]').count()).resolves.toBe(0);
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits).toBe(true);
    const start = trial(page).getByRole('button', { name: 'Start trial' });
    const box = await start.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);

    // Keyboard: focus the button, open the confirmation (focus on Cancel), and close it with Escape.
    await start.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Start the trial' });
    await dialog.waitFor();
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Cancel');
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(trial(page).getAttribute('data-state')).resolves.toBe('available');
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'plan-available');
    await context.close();

    const member = await harness.signIn({ accountId, role: 'member' });
    const { context: memberContext, page: memberPage } = await signedInPage(member.client.sessionToken!, PHONE);
    await memberPage.goto(`${url}/app/plan`);
    await trial(memberPage).getByText("Only the account's owner can start it.").waitFor();
    await expect(memberPage.getByRole('button', { name: 'Start trial' }).count()).resolves.toBe(0);
    await memberContext.close();
  });
});
