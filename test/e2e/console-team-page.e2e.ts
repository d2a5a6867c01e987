import type { Page } from 'playwright-core';
import { expectNoSeriousAxeViolations, openPage, PHONE, screenshot } from './support/browser';
import { useHarness } from './support/harness';
import { until } from './support/until';

const PASSWORD = 'correct horse battery staple';

describe('the Team page at /app/team, in Chromium', () => {
  const harness = useHarness({ label: 'console_team_page', engine: 'process', browser: true });
  let url: string;
  let accountId: string;

  beforeAll(async () => {
    url = harness.url;
    ({ accountId } = await harness.createAccount('Team Inc', 100));
  });

  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
  const memberRow = (page: Page, name: string) =>
    page.getByTestId('team-member').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });

  it('the owner invites a member and copies the link; the member accepts it elsewhere and cannot open Team; role change and removal', async () => {
    const owner = await harness.signIn({ accountId, role: 'owner', name: 'Olivia Owner' });
    const { context, page } = await openPage(harness.browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    await context.addCookies([{ name: 'le_session', value: owner.client.sessionToken!, url }]);
    await page.goto(`${url}/app/keys`);
    const nav = page.getByRole('navigation', { name: 'Pages' });
    await nav.getByRole('link', { name: 'Team' }).click();
    await heading(page, 'Team').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/team');
    const self = memberRow(page, 'Olivia Owner');
    await self.getByText('You', { exact: true }).waitFor();
    await expect(self.getByTestId('team-member-sessions').textContent()).resolves.toBe('1');

    // Invite: email and role, then the link, shown once, copied with its button.
    await page.getByRole('button', { name: 'Invite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a user' });
    await dialog.waitFor();
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Create invite link' }).click();
    await dialog.getByText('Enter an email address.').waitFor();
    await dialog.getByLabel(/^Email/).fill('max@team.example');
    await dialog.getByLabel(/^Role/).selectOption('member');
    await dialog.getByRole('button', { name: 'Create invite link' }).click();
    const shown = page.getByRole('dialog', { name: 'Invite link' });
    await shown.getByText('shown only this once').waitFor();
    const link = await shown.getByLabel('Invite link').inputValue();
    // The link's base is PUBLIC_URL, by default http://localhost:<port>.
    expect(link).toMatch(new RegExp(`^http://localhost:${new URL(url).port}/app/invite/[A-Za-z0-9_-]+$`));
    const memberUrl = new URL(link).origin;
    await expectNoSeriousAxeViolations(page);
    await shown.getByRole('button', { name: 'Copy link' }).click();
    await shown.getByRole('button', { name: 'Copied' }).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(link);
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    const invited = memberRow(page, 'max@team.example');
    await invited.getByTestId('invite-pending').waitFor();
    await expect(invited.getByTestId('team-member-last-sign-in').textContent()).resolves.toBe('never');

    // The member accepts the copied link in a browser of their own, and is refused the Team page.
    const { context: memberContext, page: memberPage } = await openPage(harness.browser);
    await memberPage.goto(link);
    await memberPage.getByLabel('Your name').fill('Max Member');
    await memberPage.getByLabel(/^Password/).fill(PASSWORD);
    await memberPage.getByRole('button', { name: 'Create my sign-in' }).click();
    await heading(memberPage, 'Overview').waitFor();
    const memberNav = memberPage.getByRole('navigation', { name: 'Pages' });
    await memberNav.getByRole('link', { name: 'Settings' }).waitFor();
    await expect(memberNav.getByRole('link', { name: 'Team' }).count()).resolves.toBe(0);
    const refused = memberPage.waitForResponse((response) => new URL(response.url()).pathname === '/console/api/team');
    await memberPage.goto(`${memberUrl}/app/team`);
    expect((await refused).status()).toBe(403);
    await memberPage.getByText('Only owners can open the Team page').waitFor();
    await heading(memberPage, 'Team').waitFor();
    await expectNoSeriousAxeViolations(memberPage);
    await screenshot(memberPage, 'team-member');

    // Back with the owner: the invite is accepted, the member has a session.
    await page.reload();
    const max = memberRow(page, 'Max Member');
    await max.waitFor();
    await expect(max.getByTestId('invite-pending').count()).resolves.toBe(0);
    await expect(max.getByTestId('team-member-sessions').textContent()).resolves.toBe('1');
    await expect(max.getByTestId('team-member-last-sign-in').textContent()).resolves.toBe('just now');

    // The last owner cannot step down: the page says why.
    await self.getByLabel('Role of Olivia Owner').selectOption('member');
    await page.getByRole('alert').filter({ hasText: "Olivia Owner is the account's last owner" }).waitFor();
    await expect(self.getByLabel('Role of Olivia Owner').inputValue()).resolves.toBe('owner');

    // Promote Max, then make him a member again.
    const roleOf = (name: string) => page.getByLabel(`Role of ${name}`);
    const roleBecomes = (name: string, role: string) =>
      until(`${name} shown as ${role}`, async () => ((await roleOf(name).inputValue()) === role ? true : undefined));
    await roleOf('Max Member').selectOption('owner');
    await roleBecomes('Max Member', 'owner');
    await roleOf('Max Member').selectOption('member');
    await roleBecomes('Max Member', 'member');

    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'team');
    // At 390 px each user is a card: nothing scrolls sideways, and the remove button is in view.
    await page.setViewportSize(PHONE);
    const fits = await page.getByRole('region', { name: 'Team table' }).evaluate((box) => ({
      box: box.scrollWidth <= box.clientWidth,
      page: document.documentElement.scrollWidth <= window.innerWidth,
    }));
    expect(fits).toEqual({ box: true, page: true });
    const removeButton = max.getByRole('button', { name: 'Remove Max Member' });
    const bounds = await removeButton.boundingBox();
    expect(bounds!.x + bounds!.width).toBeLessThanOrEqual(PHONE.width);

    // Remove, confirmed by name: Max's browser is signed out at once.
    await removeButton.click();
    const confirm = page.getByRole('dialog', { name: 'Remove user' });
    await confirm.getByText('Remove Max Member (max@team.example) from the account?').waitFor();
    await confirm.getByText('Their sessions end at once. What they did stays in Usage and Jobs under their name, marked removed.').waitFor();
    // Their keys go with them unless the owner says otherwise.
    const revokeKeys = confirm.getByRole('checkbox', { name: 'Also revoke the API keys they created' });
    await expect(revokeKeys.isChecked()).resolves.toBe(true);
    await confirm.getByText('Those keys stop working at once.').waitFor();
    await expectNoSeriousAxeViolations(page);
    await confirm.getByRole('button', { name: 'Remove user' }).click();
    await max.waitFor({ state: 'detached' });
    await memberPage.goto(`${memberUrl}/app/keys`);
    await memberPage
      .getByRole('button', { name: /sign in/i })
      .first()
      .waitFor();
    expect(new URL(memberPage.url()).pathname).toBe('/app/sign-in');

    await memberContext.close();
    await context.close();
  });
});
