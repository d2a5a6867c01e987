import { errorBodySchema, MeResponse } from '@lead-engine/contracts';
import type { ApiCallError } from '@lead-engine/contracts/client';
import { expectConsoleGuards } from './support/console-guards';
import { ConsoleClient, SignedInUser, tokenOfLink } from './support/console-session';
import { useHarness } from './support/harness';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS, fixtureId } from './support/lead-fixture';
import { refusalOf } from './support/refusal';
import { seedLeads } from './support/seed-leads';
import { until } from './support/until';

const codeOf = async (response: Response) => errorBodySchema.parse(await response.json()).code;
describe('console: the team page over HTTP', () => {
  const harness = useHarness({
    label: 'console_team',
    env: { PUBLIC_URL: 'https://leads.example.com/' },
    prepare: (harness) => seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS),
  });
  let accountId: string;
  let owner: SignedInUser;

  beforeAll(async () => {
    ({ accountId } = await harness.createAccount('Team account', 100));
    owner = await harness.signIn({ accountId, role: 'owner', name: 'Olivia Owner' });
  });

  const listOf = async (user: SignedInUser) => (await user.client.call('consoleListTeam')).items;
  const invite = (user: SignedInUser, email: string, role: 'owner' | 'member') =>
    user.client.call('consoleInviteTeamMember', { body: { email, role } });
  /** Signs in on a client of its own, whose session the test does not use. */
  const signIn = (email: string, password: string) => new ConsoleClient(harness.url).call('consoleSignIn', { body: { email, password } });
  /** Accepts an invite link over HTTP, as the invite page does: a name, a password, and a session (from Set-Cookie: raw). */
  const accept = async (link: string, name: string, email: string): Promise<SignedInUser> => {
    const client = new ConsoleClient(harness.url);
    const password = 'a long enough password';
    const accepted = await client.json<MeResponse>('POST', `/console/api/invites/${tokenOfLink(link)}`, { body: { name, password } });
    expect(accepted.status).toBe(200);
    return { client, userId: accepted.body.user.id, email, password, name, me: accepted.body };
  };

  it('invite (the CLI’s invite, 7 days) → pending in the list → accept → the member signs in and is refused the team (403)', async () => {
    const before = Date.now();
    const invited = await invite(owner, '  Max.Member@Example.com ', 'member');
    expect(invited).toEqual({
      user_id: expect.any(String),
      invite_url: expect.stringMatching(/^https:\/\/leads\.example\.com\/app\/invite\/[A-Za-z0-9_-]+$/),
      expires_at: expect.any(String),
    });
    const validFor = new Date(invited.expires_at).getTime() - before;
    expect(validFor).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(validFor).toBeLessThanOrEqual(7 * 86_400_000 + 1000);
    const [stored] = await harness.query('SELECT account_id, email, role, operator, password_hash FROM users WHERE id = $1', [
      invited.user_id,
    ]);
    expect(stored).toEqual({
      account_id: accountId,
      email: 'max.member@example.com',
      role: 'member',
      operator: false,
      password_hash: null,
    });

    const pending = (await listOf(owner)).find((user) => user.id === invited.user_id)!;
    expect(pending).toEqual({
      id: invited.user_id,
      name: '',
      email: 'max.member@example.com',
      role: 'member',
      operator: false,
      created_at: expect.any(String),
      last_sign_in_at: null,
      sessions: 0,
      invite_pending: true,
    });

    const member = await accept(invited.invite_url, 'Max Member', 'max.member@example.com');
    const signedIn = await signIn('max.member@example.com', member.password);
    expect(signedIn.user).toMatchObject({ id: invited.user_id, role: 'member' });

    const items = await listOf(owner);
    // Oldest first: the owner, then the member.
    expect(items.map((user) => user.id)).toEqual([owner.userId, invited.user_id]);
    expect(items[0]).toMatchObject({ name: 'Olivia Owner', role: 'owner', sessions: 1, invite_pending: false });
    expect(items[1]).toMatchObject({
      name: 'Max Member',
      role: 'member',
      sessions: 2,
      invite_pending: false,
      last_sign_in_at: expect.any(String),
    });

    await expect(member.client.call('consoleListTeam')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('counts only live sessions: not one idle for 7 days, not one older than 30', async () => {
    const user = await harness.signIn({ accountId, role: 'member' });
    await signIn(user.email, user.password);
    await signIn(user.email, user.password);
    const sessions = await harness.query('SELECT id FROM user_sessions WHERE user_id = $1 ORDER BY created_at', [user.userId]);
    expect(sessions).toHaveLength(3);
    await harness.query("UPDATE user_sessions SET last_seen_at = now() - interval '7 days 1 minute' WHERE id = $1", [sessions[0].id]);
    await harness.query("UPDATE user_sessions SET created_at = now() - interval '30 days 1 minute' WHERE id = $1", [sessions[1].id]);
    expect((await listOf(owner)).find((item) => item.id === user.userId)!.sessions).toBe(1);
  });

  it('an email that is taken answers 409 USER_EXISTS; a bad email or role 400', async () => {
    await expect(
      owner.client.call('consoleInviteTeamMember', { body: { email: owner.email.toUpperCase(), role: 'member' } }),
    ).rejects.toMatchObject({ status: 409, code: 'USER_EXISTS' });
    await expect(owner.client.call('consoleInviteTeamMember', { body: { email: 'not an email', role: 'member' } })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
    // What the types forbid, sent raw: a role that is none, no role.
    for (const body of [{ email: 'x@example.com', role: 'admin' }, { email: 'x@example.com' }]) {
      const response = await owner.client.request('POST', '/console/api/team/invites', { body });
      expect([response.status, await codeOf(response)]).toEqual([400, 'VALIDATION_ERROR']);
    }
  });

  it("never says whether an email has a user elsewhere: another account's user and another account's pending invite are invited as any address; accepting decides", async () => {
    const other = await harness.createAccount('Another team', 10);
    const otherOwner = await harness.signIn({ accountId: other.accountId, role: 'owner', name: 'Otto Other' });

    // An email with a user in another account: invited like any address, the same answer.
    const elsewhere = await invite(otherOwner, owner.email, 'member');
    expect(Object.keys(elsewhere).sort()).toEqual(['expires_at', 'invite_url', 'user_id']);
    // The person the email belongs to answers the invite: a user belongs to at most one account.
    await expect(
      new ConsoleClient(harness.url).call('consoleAcceptInvite', {
        params: { token: tokenOfLink(elsewhere.invite_url) },
        body: { name: 'Olivia Twice', password: 'a long enough password' },
      }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'USER_EXISTS',
      message: expect.stringMatching(/already has a Lead Engine user.*at most one account/),
    });
    // Nothing changed for the existing user, and the invite stays unused.
    expect((await signIn(owner.email, owner.password)).user).toMatchObject({ id: owner.userId });
    expect(await harness.query('SELECT used_at FROM user_invites WHERE user_id = $1', [elsewhere.user_id])).toEqual([{ used_at: null }]);

    // A pending invite in one account does not reserve the address for another; the first to accept wins.
    const email = `both-${Date.now()}@example.com`;
    const here = await invite(owner, email, 'member');
    const there = await invite(otherOwner, email, 'member');
    expect(there.user_id).not.toBe(here.user_id);
    // Still 409 for an email already of the same account, invited or accepted.
    await expect(owner.client.call('consoleInviteTeamMember', { body: { email, role: 'owner' } })).rejects.toMatchObject({
      status: 409,
      code: 'USER_EXISTS',
    });
    const member = await accept(here.invite_url, 'Bea Both', email);
    expect(member.me.user).toMatchObject({ id: here.user_id, role: 'member' });
    await expect(
      new ConsoleClient(harness.url).call('consoleAcceptInvite', {
        params: { token: tokenOfLink(there.invite_url) },
        body: { name: 'Bea Both', password: 'another long password' },
      }),
    ).rejects.toMatchObject({ status: 409, code: 'USER_EXISTS' });
    expect((await signIn(email, member.password)).user.id).toBe(here.user_id);
  });

  it('changes a role both ways; the last owner cannot be demoted or removed (409 LAST_OWNER), themselves included', async () => {
    const { accountId: soloAccount } = await harness.createAccount('Solo account', 0);
    const solo = await harness.signIn({ accountId: soloAccount, role: 'owner', name: 'Sole Owner' });
    const lastOwner = { status: 409, code: 'LAST_OWNER' };
    await expect(
      solo.client.call('consoleChangeTeamRole', { params: { id: solo.userId }, body: { role: 'member' } }),
    ).rejects.toMatchObject(lastOwner);
    await expect(solo.client.call('consoleRemoveTeamMember', { params: { id: solo.userId } })).rejects.toMatchObject(lastOwner);
    // Making the owner an owner again changes nothing and is allowed.
    const same = await solo.client.call('consoleChangeTeamRole', { params: { id: solo.userId }, body: { role: 'owner' } });
    expect(same.role).toBe('owner');

    const colleague = await harness.signIn({ accountId: soloAccount, role: 'member', name: 'Cora Colleague' });
    const promoted = await solo.client.call('consoleChangeTeamRole', { params: { id: colleague.userId }, body: { role: 'owner' } });
    expect(promoted).toMatchObject({
      id: colleague.userId,
      name: 'Cora Colleague',
      role: 'owner',
      sessions: 1,
      invite_pending: false,
    });
    // The colleague, now an owner, sees the team at once; the first owner can step down.
    expect((await listOf(colleague)).map((user) => user.role)).toEqual(['owner', 'owner']);
    const stepDown = await solo.client.call('consoleChangeTeamRole', { params: { id: solo.userId }, body: { role: 'member' } });
    expect(stepDown.role).toBe('member');
    await expect(solo.client.call('consoleListTeam')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    await expect(
      colleague.client.call('consoleChangeTeamRole', { params: { id: colleague.userId }, body: { role: 'member' } }),
    ).rejects.toMatchObject(lastOwner);
    await expect(colleague.client.call('consoleRemoveTeamMember', { params: { id: colleague.userId } })).rejects.toMatchObject(lastOwner);
    const [{ owners }] = await harness.query(
      "SELECT count(*)::int AS owners FROM users WHERE account_id = $1 AND role = 'owner' AND removed_at IS NULL",
      [soloAccount],
    );
    expect(owners).toBe(1);
  });

  it('two owners demoting each other at the same moment: one wins, the account keeps an owner', async () => {
    const { accountId: pairAccount } = await harness.createAccount('Pair account', 0);
    for (let round = 0; round < 3; round += 1) {
      const first = await harness.signIn({ accountId: pairAccount, role: 'owner' });
      const second = await harness.signIn({ accountId: pairAccount, role: 'owner' });
      // Everyone else of the account steps aside: only these two are owners.
      await harness.query("UPDATE users SET role = 'member' WHERE account_id = $1 AND id <> ALL($2::uuid[])", [
        pairAccount,
        [first.userId, second.userId],
      ]);
      const outcomes = await Promise.allSettled([
        first.client.call('consoleChangeTeamRole', { params: { id: second.userId }, body: { role: 'member' } }),
        second.client.call('consoleRemoveTeamMember', { params: { id: first.userId } }),
      ]);
      const [{ owners }] = await harness.query(
        "SELECT count(*)::int AS owners FROM users WHERE account_id = $1 AND role = 'owner' AND removed_at IS NULL",
        [pairAccount],
      );
      // The loser finds it is no longer an owner (403), or, removed, no longer signed in (401).
      expect({
        round,
        owners,
        succeeded: outcomes.filter((outcome) => outcome.status === 'fulfilled').length,
        refused: outcomes.filter((outcome) => outcome.status === 'rejected' && [403, 401].includes((outcome.reason as ApiCallError).status))
          .length,
      }).toEqual({
        round,
        owners: 1,
        succeeded: 1,
        refused: 1,
      });
    }
  });

  it('remove a member who spent, keeping their key: their session answers 401 at once; Usage, keys and reveals still name them, marked removed; the key still works', async () => {
    const member = await harness.signIn({ accountId, role: 'member', name: 'Rita Removed' });
    const created = await member.client.call('consoleCreateApiKey', { body: { name: 'Rita sync' } });
    await member.client.call('consoleGetMe');
    await harness.api(created.key)('getCredits');
    const revealed = await until('the lead table loaded', async () =>
      harness
        .api(created.key)('revealLeads', { body: { leadIds: [fixtureId(1), fixtureId(2)] } })
        .catch(() => undefined),
    );
    expect(revealed.credits_charged).toBe(2);

    // 204: nothing to read. The keys stay unless asked.
    await expect(owner.client.call('consoleRemoveTeamMember', { params: { id: member.userId } })).resolves.toBeUndefined();
    const sessionRequired = { status: 401, code: 'SESSION_REQUIRED' };
    await expect(member.client.call('consoleGetMe')).rejects.toMatchObject(sessionRequired);
    await expect(member.client.call('consoleListApiKeys')).rejects.toMatchObject(sessionRequired);
    await expect(signIn(member.email, member.password)).rejects.toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(await harness.query('SELECT id FROM user_sessions WHERE user_id = $1', [member.userId])).toEqual([]);
    expect(await harness.query('SELECT id FROM user_invites WHERE user_id = $1', [member.userId])).toEqual([]);
    // Marked, never deleted: name and email kept, no password.
    expect(
      await harness.query('SELECT name, email, password_hash, removed_at IS NOT NULL AS removed FROM users WHERE id = $1', [member.userId]),
    ).toEqual([{ name: 'Rita Removed', email: member.email, password_hash: null, removed: true }]);

    await harness.api(created.key)('getCredits');
    const keys = await owner.client.call('consoleListApiKeys');
    expect(keys.items.find((key) => key.id === created.id)).toMatchObject({
      name: 'Rita sync',
      created_by: { id: member.userId, name: 'Rita Removed (removed)' },
    });
    const usage = await owner.client.call('consoleListUsage', { query: { key: created.id } });
    expect(usage.items.length).toBe(1);
    for (const entry of usage.items) expect(entry.user).toEqual({ id: member.userId, name: 'Rita Removed (removed)' });
    const theirLeads = await owner.client.call('consoleListRevealedLeads', { query: {} });
    expect(theirLeads.leads.map((lead) => lead.revealedBy.user)).toEqual([
      { id: member.userId, name: 'Rita Removed (removed)' },
      { id: member.userId, name: 'Rita Removed (removed)' },
    ]);
    expect((await listOf(owner)).map((user) => user.id)).not.toContain(member.userId);
    await expect(owner.client.call('consoleRemoveTeamMember', { params: { id: member.userId } })).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });

    // Their email is free again: invited anew, a new user, the removed one still there.
    const again = await invite(owner, member.email, 'member');
    expect(again.user_id).not.toBe(member.userId);
    expect((await listOf(owner)).map((user) => user.email)).toContain(member.email);
  });

  it('remove a member and revoke their keys: each answers 401 on /api/v1 at once and lists as revoked no more', async () => {
    const member = await harness.signIn({ accountId, role: 'member', name: 'Kim Keys' });
    const first = await member.client.call('consoleCreateApiKey', { body: { name: 'Kim one' } });
    const second = await member.client.call('consoleCreateApiKey', { body: { name: 'Kim two' } });
    const ownersKey = await owner.client.call('consoleCreateApiKey', { body: { name: 'Owner keeps' } });
    for (const key of [first, second, ownersKey]) await harness.api(key.key)('getCredits');

    await owner.client.call('consoleRemoveTeamMember', { params: { id: member.userId }, query: { revokeKeys: 'true' } });
    for (const key of [first, second]) await expect(harness.api(key.key)('getCredits')).rejects.toMatchObject({ status: 401 });
    await harness.api(ownersKey.key)('getCredits');
    const live = (await owner.client.call('consoleListApiKeys')).items.map((key) => key.id);
    expect(live).toEqual(expect.arrayContaining([ownersKey.id]));
    expect(live).not.toContain(first.id);
    expect(live).not.toContain(second.id);
    const refused = await owner.client.request('DELETE', `/console/api/team/${ownersKey.id}?revokeKeys=maybe`);
    expect(refused.status).toBe(400);
  });

  it("refuses to remove the server's operator, even one who is the account's member: 403 FORBIDDEN naming why, nothing removed", async () => {
    const operator = await harness.signIn({ accountId, role: 'member', operator: true, name: 'Opal Operator' });
    await expect(owner.client.call('consoleRemoveTeamMember', { params: { id: operator.userId } })).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: expect.stringMatching(/operator.*CLI/),
    });
    await operator.client.call('consoleGetMe');
    expect(await harness.query('SELECT account_id, operator FROM users WHERE id = $1', [operator.userId])).toEqual([
      { account_id: accountId, operator: true },
    ]);
    expect((await listOf(owner)).map((user) => user.id)).toContain(operator.userId);
  });

  it("answers another account's user, an unknown and a malformed id alike: 404 NOT_FOUND", async () => {
    const other = await harness.createAccount('Other account', 10);
    const stranger = await harness.signIn({ accountId: other.accountId, role: 'member' });
    // The whole answer: the envelope's error is the code's own text, the rest is code, message and details.
    const bodies: unknown[] = [];
    for (const id of [stranger.userId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      for (const [method, send] of [
        ['PATCH', () => owner.client.call('consoleChangeTeamRole', { params: { id }, body: { role: 'owner' } })],
        ['DELETE', () => owner.client.call('consoleRemoveTeamMember', { params: { id } })],
      ] as const) {
        const { status, code, message, details } = await refusalOf(send());
        expect({ id, method, status }).toEqual({ id, method, status: 404 });
        bodies.push({ code, message, details });
      }
    }
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(bodies[0]).toMatchObject({ code: 'NOT_FOUND' });
    expect((await listOf(owner)).map((user) => user.id)).not.toContain(stranger.userId);
    const [untouched] = await harness.query('SELECT role FROM users WHERE id = $1', [stranger.userId]);
    expect(untouched.role).toBe('member');
    await stranger.client.call('consoleGetMe');
  });

  const endpoints = (id: string): Array<[string, string, unknown]> => [
    ['GET', '/console/api/team', undefined],
    ['POST', '/console/api/team/invites', { email: 'nobody@example.com', role: 'member' }],
    ['PATCH', `/console/api/team/${id}`, { role: 'owner' }],
    ['DELETE', `/console/api/team/${id}`, undefined],
  ];

  it('guards every team endpoint: no session 401, a member or a user without an account 403, another origin 403, a form body 4xx', async () => {
    const member = await harness.signIn({ accountId, role: 'member' });
    const target = await harness.signIn({ accountId, role: 'member' });
    const operator = await harness.signIn({ operator: true });
    const guarded = endpoints(target.userId).map(([method, path, body]) => ({ method, path, body }));
    await expectConsoleGuards(owner.client, guarded, { noAccount: operator.client });
    const forbidden = { status: 403, code: 'FORBIDDEN' };
    await expect(member.client.call('consoleListTeam')).rejects.toMatchObject(forbidden);
    await expect(
      member.client.call('consoleInviteTeamMember', { body: { email: 'nobody@example.com', role: 'member' } }),
    ).rejects.toMatchObject(forbidden);
    await expect(
      member.client.call('consoleChangeTeamRole', { params: { id: target.userId }, body: { role: 'owner' } }),
    ).rejects.toMatchObject(forbidden);
    await expect(member.client.call('consoleRemoveTeamMember', { params: { id: target.userId } })).rejects.toMatchObject(forbidden);
    // A member's 403 even for a user of another account or a malformed id: the role is checked first.
    await expect(member.client.call('consoleRemoveTeamMember', { params: { id: 'not-a-uuid' } })).rejects.toMatchObject(forbidden);
    const [row] = await harness.query('SELECT role FROM users WHERE id = $1', [target.userId]);
    expect(row.role).toBe('member');
    await target.client.call('consoleGetMe');
    expect(await harness.query("SELECT id FROM users WHERE email = 'nobody@example.com'")).toEqual([]);
  });
});
