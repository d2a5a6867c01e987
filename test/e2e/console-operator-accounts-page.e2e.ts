import { NEW_ACCOUNT_CREDITS, PLAN_MONTHLY_CREDITS, TRIAL_CREDITS } from '@lead-engine/core';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import {
  animationsSettled,
  DESKTOP,
  expectNoSeriousAxeViolations,
  openSignedInPage,
  pageHeading,
  PHONE,
  screenshot,
} from './support/browser';
import type { SignedInUser } from './support/console-session';
import { useHarness } from './support/harness';

const REFUSAL = "Only the server's operator can see this page";
const NAME = 'Northwind Traders';
const REASON = 'Goodwill for the outage';
const credits = (count: number) => `${count.toLocaleString('en-US')} credits`;

describe('the operator Accounts pages at /app/operator/accounts, in Chromium', () => {
  const harness = useHarness({ label: 'console_operator_accounts_page', browser: true });
  let operator: SignedInUser;
  let accountId: string;
  let ownerEmail: string;

  beforeAll(async () => {
    operator = await harness.signIn({ operator: true, name: 'Opal Operator' });
  });

  const signedInPage = (user: SignedInUser, viewport = DESKTOP) =>
    openSignedInPage(harness.browser, harness.url, user.client.sessionToken!, viewport);
  const operatorSection = (page: Page) => page.getByRole('navigation', { name: 'Pages' }).getByRole('group', { name: 'Operator' });
  const pageFits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  const foundNames = (page: Page) => page.getByTestId('account-name').allTextContents();
  const search = async (page: Page, text: string) => {
    await page.getByRole('searchbox', { name: 'Search' }).fill(text);
    await page.waitForURL((url) => url.searchParams.get('q') === text);
    await page.getByRole('region', { name: 'Accounts found' }).and(page.locator('[aria-busy="false"]')).waitFor();
  };
  const axeAtBothWidths = async (page: Page, heading: string) => {
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize(PHONE);
    await pageHeading(page, heading).waitFor();
    // The frame's navigation slides away at this width: the page is measured once it has.
    await animationsSettled(page);
    await expect(pageFits(page)).resolves.toBe(true);
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize(DESKTOP);
  };

  it('an operator creates Northwind Traders (its key shown once), then finds it by name and by the start of its key', async () => {
    const { context, page } = await signedInPage(operator);
    await page.goto(`${harness.url}/app`);
    await operatorSection(page).getByRole('link', { name: 'Accounts' }).waitFor();
    await expect(operatorSection(page).getByRole('link').allTextContents()).resolves.toEqual(['Accounts', 'Contacts', 'System', 'Queues']);
    await operatorSection(page).getByRole('link', { name: 'Accounts' }).click();
    await pageHeading(page, 'Accounts').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/operator/accounts');
    await expect(page.title()).resolves.toBe('Accounts · Lead Engine');
    await page.getByTestId('no-accounts').waitFor();

    await page.getByRole('button', { name: 'Create account' }).click();
    const creating = page.getByRole('dialog', { name: 'Create an account' });
    await creating.getByRole('textbox', { name: 'Name' }).fill(NAME);
    await creating.getByRole('button', { name: 'Create account' }).click();
    const created = page.getByRole('dialog', { name: 'The new account and its API key' });
    await created.getByText('shown only now').waitFor();
    await created.getByText(`was created with ${credits(NEW_ACCOUNT_CREDITS)}`).waitFor();
    const apiKey = await created.getByTestId('new-account-key').inputValue();
    expect(apiKey).toMatch(/^le_live_/);
    await created.getByRole('button', { name: 'Copy key' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    const link = created.getByRole('link', { name: `Open ${NAME}` });
    accountId = (await link.getAttribute('href'))!.split('/').pop()!;
    expect(accountId).toMatch(/^[0-9a-f-]{36}$/);
    await created.getByRole('button', { name: 'Close' }).click();
    await created.waitFor({ state: 'detached' });
    // Closed, the key is nowhere on the page any more.
    await expect(page.getByText(apiKey).count()).resolves.toBe(0);
    await expect(foundNames(page)).resolves.toEqual([NAME]);

    await search(page, 'no account is called this');
    await page.getByTestId('no-accounts').getByText('No account matches this search.').waitFor();
    await search(page, 'northwind');
    const row = page.getByTestId('account-row');
    await row.waitFor();
    await expect(foundNames(page)).resolves.toEqual([NAME]);
    await expect(row.getByTestId('account-balance').textContent()).resolves.toBe(String(NEW_ACCOUNT_CREDITS));
    await expect(row.getByTestId('account-plan').textContent()).resolves.toBe('none');
    await search(page, 'no account is called this either');
    await page.getByTestId('no-accounts').waitFor();
    await search(page, apiKey.slice(0, 14));
    await row.waitFor();
    await expect(foundNames(page)).resolves.toEqual([NAME]);

    // The search is a link: opened again, it finds the same account.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search' }).inputValue()).resolves.toBe(apiKey.slice(0, 14));
    await page.getByTestId('account-row').waitFor();
    await expect(foundNames(page)).resolves.toEqual([NAME]);
    await axeAtBothWidths(page, 'Accounts');
    await screenshot(page, 'operator-accounts');
    await context.close();
  });

  it('pages the accounts newest first with "Load more"', async () => {
    for (let index = 1; index <= 25; index++) {
      expect((await operator.client.json('POST', '/console/api/operator/accounts', { body: { name: `Filler ${index}` } })).status).toBe(
        201,
      );
    }
    const { context, page } = await signedInPage(operator);
    await page.goto(`${harness.url}/app/operator/accounts`);
    await page.getByTestId('account-row').first().waitFor();
    await expect(page.getByTestId('account-row').count()).resolves.toBe(25);
    await expect(foundNames(page).then((names) => names[0])).resolves.toBe('Filler 25');
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByTestId('account-row').nth(25).waitFor();
    await expect(foundNames(page).then((names) => names.slice(24))).resolves.toEqual(['Filler 1', NAME]);
    await expect(page.getByRole('button', { name: 'Load more' }).count()).resolves.toBe(0);
    await context.close();
  });

  it('the operator grants 500 credits with a reason, sets the Starter plan and starts the trial; the page lists each action', async () => {
    const { context, page } = await signedInPage(operator);
    await page.goto(`${harness.url}/app/operator/accounts?q=Northwind`);
    await page.getByRole('link', { name: NAME }).click();
    await pageHeading(page, NAME).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/app/operator/accounts/${accountId}`);
    await expect(page.title()).resolves.toBe(`${NAME} · Lead Engine`);
    await expect(page.getByTestId('account-balance').textContent()).resolves.toBe(credits(NEW_ACCOUNT_CREDITS));
    await expect(page.getByTestId('account-plan').textContent()).resolves.toBe('No plan');
    await expect(page.getByTestId('account-trial').textContent()).resolves.toBe('Not used yet');
    await expect(page.getByTestId('account-key-prefix').count()).resolves.toBe(1);
    await page.getByTestId('no-users').waitFor();

    await page.getByRole('button', { name: 'Grant credits' }).click();
    const granting = page.getByRole('dialog', { name: `Grant credits to ${NAME}` });
    await granting.getByRole('textbox', { name: 'Credits' }).fill('500');
    const afterGrant = NEW_ACCOUNT_CREDITS + 500;
    await expect(granting.getByTestId('grant-balance-after').textContent()).resolves.toBe(
      `The balance goes from ${credits(NEW_ACCOUNT_CREDITS)} to ${credits(afterGrant)}.`,
    );
    // The reason is required: without it nothing is granted.
    await granting.getByRole('button', { name: 'Grant 500 credits' }).click();
    await granting.getByText('Say why, in 1 to 200 characters.').waitFor();
    await granting.getByRole('textbox', { name: 'Reason' }).fill(REASON);
    await expectNoSeriousAxeViolations(page);
    await granting.getByRole('button', { name: 'Grant 500 credits' }).click();
    await page
      .getByRole('status')
      .getByText(`Granted 500 credits: the balance is now ${credits(afterGrant)}.`)
      .waitFor();
    await expect(page.getByTestId('account-balance').textContent()).resolves.toBe(credits(afterGrant));
    await expect(page.getByTestId('account-earned').textContent()).resolves.toBe(credits(afterGrant));

    await page.getByRole('button', { name: 'Set plan' }).click();
    const planning = page.getByRole('dialog', { name: `Set the plan of ${NAME}` });
    await planning.getByRole('radio', { name: `Starter: ${credits(PLAN_MONTHLY_CREDITS.starter)} per month` }).check();
    await planning.getByRole('radio', { name: `Scale: ${credits(PLAN_MONTHLY_CREDITS.scale)} per month` }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await planning.getByRole('button', { name: 'Set plan' }).click();
    const afterPlan = afterGrant + PLAN_MONTHLY_CREDITS.starter;
    await page
      .getByRole('status')
      .getByText(`The plan is now Starter; the balance is ${credits(afterPlan)}.`)
      .waitFor();
    await expect(page.getByTestId('account-plan').textContent()).resolves.toBe('Starter');
    await expect(page.getByTestId('account-renewal').textContent()).resolves.not.toBe('not without a plan');

    await page.getByRole('button', { name: 'Start trial' }).click();
    const trial = page.getByRole('dialog', { name: `Start the trial of ${NAME}` });
    await trial.getByRole('button', { name: 'Start trial' }).click();
    const afterTrial = afterPlan + TRIAL_CREDITS;
    await page
      .getByRole('status')
      .getByText(`The trial started: the balance is now ${credits(afterTrial)}.`)
      .waitFor();
    await expect(page.getByTestId('account-balance').textContent()).resolves.toBe(credits(afterTrial));
    await expect(page.getByTestId('account-trial').textContent()).resolves.toMatch(/^Active, until /);
    // The dialogs open outside the page's main region: this is the page's own button.
    const start = page.getByRole('main').getByRole('button', { name: 'Start trial' });
    await expect(start.isDisabled()).resolves.toBe(true);
    await expect(start.getAttribute('aria-describedby')).resolves.toBe('trial-used');
    await expect(page.getByTestId('trial-used').textContent()).resolves.toBe('The trial was already started: an account has it only once.');

    const actions = page.getByTestId('operator-action');
    await expect(actions.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action')))).resolves.toEqual([
      'trial.start',
      'plan.set',
      'credits.grant',
      'account.create',
    ]);
    const what = await page.getByTestId('operator-action-what').allTextContents();
    expect(what.slice(1)).toEqual([
      'Set the plan to Starter',
      `Granted 500 credits: ${REASON}`,
      `Created the account with ${credits(NEW_ACCOUNT_CREDITS)}`,
    ]);
    expect(what[0]).toMatch(/^Started the trial, until /);
    await expect(page.getByTestId('operator-action-who').allTextContents()).resolves.toEqual(Array(4).fill('Opal Operator'));

    await axeAtBothWidths(page, NAME);
    await page.setViewportSize(PHONE);
    // At 390 px the wide tables scroll in their own regions; the page does not.
    const keys = page.getByRole('region', { name: 'API keys table' });
    await expect(keys.evaluate((element) => element.scrollWidth > element.clientWidth)).resolves.toBe(true);
    await screenshot(page, 'operator-account');
    await context.close();
  });

  it("the account's owner sees the grant's reason on their Usage page and Starter on their Plan page", async () => {
    const owner = await harness.signIn({ accountId, role: 'owner', name: 'Nora Northwind' });
    ownerEmail = owner.email;
    const { context, page } = await signedInPage(owner);
    await page.goto(`${harness.url}/app/usage`);
    await pageHeading(page, 'Usage').waitFor();
    await page.getByTestId('usage-description').getByText(REASON).waitFor();
    await page.goto(`${harness.url}/app/plan`);
    await page.getByTestId('current-plan').getByText('Starter plan').waitFor();
    await context.close();

    // The operator's page now lists the owner.
    const operated = await signedInPage(operator);
    await operated.page.goto(`${harness.url}/app/operator/accounts/${accountId}`);
    await operated.page.getByTestId('account-user').getByText(owner.email).waitFor();
    await operated.context.close();
  });

  // Four dialogs, each checked by axe, and the page at two widths: minutes on a loaded machine, not seconds.
  const ACCESS_STORY_BUDGET_MS = 240_000;

  it(
    "the operator creates an API key (shown once) and revokes it, invites a user and makes the owner's password link; each link shown to copy, each action in words",
    async () => {
      const { context, page } = await signedInPage(operator);
      await page.goto(`${harness.url}/app/operator/accounts/${accountId}`);
      await pageHeading(page, NAME).waitFor();
      const creditsWith = (apiKey: string) => fetch(`${harness.url}/api/v1/credits`, { headers: { 'x-api-key': apiKey } });

      await page.getByRole('button', { name: 'Create API key' }).click();
      const creating = page.getByRole('dialog', { name: `Create an API key for ${NAME}` });
      // The name is required: without it no key is made.
      await creating.getByRole('button', { name: 'Create key' }).click();
      await creating.getByText('Enter a name of 1 to 100 characters.').waitFor();
      await creating.getByRole('textbox', { name: 'Name' }).fill('Zapier');
      await expectNoSeriousAxeViolations(page);
      await creating.getByRole('button', { name: 'Create key' }).click();
      const created = page.getByRole('dialog', { name: `The new API key of ${NAME}` });
      await created.getByText('shown only now').waitFor();
      const apiKey = await created.getByTestId('new-account-key').inputValue();
      expect(apiKey).toMatch(/^le_live_/);
      await created.getByRole('button', { name: 'Copy key' }).waitFor();
      await expectNoSeriousAxeViolations(page);
      expect((await creditsWith(apiKey)).status).toBe(200);
      await created.getByRole('button', { name: 'Close' }).click();
      await created.waitFor({ state: 'detached' });
      await expect(page.locator(`input[value="${apiKey}"]`).count()).resolves.toBe(0);
      const zapier = page.getByTestId('account-key').filter({ hasText: 'Zapier' });
      await expect(zapier.getByTestId('account-key-prefix').textContent()).resolves.toBe(`${apiKey.slice(0, 20)}…`);

      await zapier.getByRole('button', { name: 'Revoke Zapier' }).click();
      const revoking = page.getByRole('dialog', { name: 'Revoke API key' });
      await revoking.getByText('Revoke Zapier? Requests with it will fail at once.').waitFor();
      await expectNoSeriousAxeViolations(page);
      await revoking.getByRole('button', { name: 'Revoke key' }).click();
      await page.getByRole('status').getByText('The key Zapier is revoked: requests with it fail from now on.').waitFor();
      await zapier.getByText(/^Revoked /).waitFor();
      await expect(zapier.getByRole('button', { name: 'Revoke Zapier' }).count()).resolves.toBe(0);
      expect((await creditsWith(apiKey)).status).toBe(401);

      const invitee = `ines-${randomUUID().slice(0, 8)}@example.com`;
      await page.getByRole('button', { name: 'Invite user' }).click();
      const inviting = page.getByRole('dialog', { name: `Invite a user to ${NAME}` });
      await inviting.getByRole('textbox', { name: 'Email' }).fill(invitee);
      await inviting.getByRole('combobox', { name: 'Role' }).selectOption('member');
      await expectNoSeriousAxeViolations(page);
      await inviting.getByRole('button', { name: 'Create invite link' }).click();
      const invited = page.getByRole('dialog', { name: 'Invite link' });
      await invited.getByText('is shown only this once').waitFor();
      await expect(invited.getByTestId('invite-url').inputValue()).resolves.toMatch(/\/app\/invite\/[\w-]+$/);
      await invited.getByRole('button', { name: 'Copy link' }).waitFor();
      await expectNoSeriousAxeViolations(page);
      await invited.getByRole('button', { name: 'Done' }).click();
      await invited.waitFor({ state: 'detached' });
      await page.getByTestId('account-user').filter({ hasText: invitee }).getByText('invited, not signed up yet').waitFor();

      await page.getByRole('button', { name: `Reset password of ${ownerEmail}` }).click();
      const resetting = page.getByRole('dialog', { name: 'Reset the password of Nora Northwind' });
      await resetting.getByRole('button', { name: 'Create password link' }).click();
      const reset = page.getByRole('dialog', { name: 'Password link' });
      await expect(reset.getByTestId('password-url').inputValue()).resolves.toMatch(/\/app\/invite\/[\w-]+$/);
      await expectNoSeriousAxeViolations(page);
      await page.setViewportSize(PHONE);
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, 'operator-account-password-link');
      await reset.getByRole('button', { name: 'Done' }).click();
      await reset.waitFor({ state: 'detached' });
      await page.setViewportSize(DESKTOP);

      const prefix = `${apiKey.slice(0, 20)}…`;
      await expect(
        page
          .getByTestId('operator-action-what')
          .allTextContents()
          .then((what) => what.slice(0, 4)),
      ).resolves.toEqual([
        `Made a password link for ${ownerEmail}`,
        `Invited ${invitee} as a member`,
        `Revoked the API key Zapier (${prefix})`,
        `Created the API key Zapier (${prefix})`,
      ]);
      await axeAtBothWidths(page, NAME);
      await screenshot(page, 'operator-account-access');
      await context.close();
    },
    ACCESS_STORY_BUDGET_MS,
  );

  it('an unknown account id shows "No such account", not a failure', async () => {
    const { context, page } = await signedInPage(operator, PHONE);
    await page.goto(`${harness.url}/app/operator/accounts/${randomUUID()}`);
    await pageHeading(page, 'No such account').waitFor();
    await expect(page.title()).resolves.toBe('No such account · Lead Engine');
    await page.getByRole('link', { name: 'Find an account' }).waitFor();
    await context.close();
  });

  it('an owner who is not the operator is told so at the Accounts pages, which ask the engine nothing', async () => {
    const owner = await harness.signIn({ accountId, role: 'owner' });
    const { context, page } = await signedInPage(owner);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/console/api/operator/')) asked.push(request.url());
    });
    for (const [path, title] of [
      ['/app/operator/accounts', 'Accounts'],
      [`/app/operator/accounts/${accountId}`, 'Account'],
    ]) {
      await page.goto(`${harness.url}${path}`);
      await pageHeading(page, title).waitFor();
      await page.getByRole('alert').getByText(REFUSAL).waitFor();
      await expectNoSeriousAxeViolations(page);
    }
    expect(asked).toEqual([]);
    await context.close();
  });
});
