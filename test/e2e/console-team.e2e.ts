import { CreatedApiKey, errorBodySchema, InvitedTeamMember, MeResponse, TeamList, TeamMember } from '@lead-engine/contracts';
import { expectConsoleGuards } from './support/console-guards';
import { ConsoleClient, SignedInUser, tokenOfLink } from './support/console-session';
import { useHarness } from './support/harness';
import { http } from './support/http';

const codeOf = async (response: Response) => errorBodySchema.parse(await response.json()).code;

describe('console: the team page over HTTP', () => {
  const harness = useHarness({ label: 'console_team', env: { PUBLIC_URL: 'https://leads.example.com/' } });
  let accountId: string;
  let owner: SignedInUser;

  beforeAll(async () => {
    ({ accountId } = await harness.createAccount('Team account', 100));
    owner = await harness.signIn({ accountId, role: 'owner', name: 'Olivia Owner' });
  });

  const listOf = async (user: SignedInUser) => {
    const listed = await user.client.json<TeamList>('GET', '/console/api/team');
    expect(listed.status).toBe(200);
    return listed.body.items;
  };
  const invite = async (user: SignedInUser, email: string, role: 'owner' | 'member') => {
    const invited = await user.client.json<InvitedTeamMember>('POST', '/console/api/team/invites', { body: { email, role } });
    expect(invited.status).toBe(201);
    return invited.body;
  };
  /** Accepts an invite link over HTTP, as the invite page does: a name, a password, and a session. */
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
    const signedIn = await new ConsoleClient(harness.url).signIn('max.member@example.com', member.password);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ id: invited.user_id, role: 'member' });

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

    const refused = await member.client.request('GET', '/console/api/team');
    expect([refused.status, await codeOf(refused)]).toEqual([403, 'FORBIDDEN']);
  });

  it('counts only live sessions: not one idle for 7 days, not one older than 30', async () => {
    const user = await harness.signIn({ accountId, role: 'member' });
    const second = await new ConsoleClient(harness.url).signIn(user.email, user.password);
    const third = await new ConsoleClient(harness.url).signIn(user.email, user.password);
    expect([second.status, third.status]).toEqual([200, 200]);
    const sessions = await harness.query('SELECT id FROM user_sessions WHERE user_id = $1 ORDER BY created_at', [user.userId]);
    expect(sessions).toHaveLength(3);
    await harness.query("UPDATE user_sessions SET last_seen_at = now() - interval '7 days 1 minute' WHERE id = $1", [sessions[0].id]);
    await harness.query("UPDATE user_sessions SET created_at = now() - interval '30 days 1 minute' WHERE id = $1", [sessions[1].id]);
    expect((await listOf(owner)).find((item) => item.id === user.userId)!.sessions).toBe(1);
  });

  it('an email that is taken answers 409 USER_EXISTS; a bad email or role 400', async () => {
    const taken = await owner.client.request('POST', '/console/api/team/invites', {
      body: { email: owner.email.toUpperCase(), role: 'member' },
    });
    expect([taken.status, await codeOf(taken)]).toEqual([409, 'USER_EXISTS']);
    for (const body of [{ email: 'not an email', role: 'member' }, { email: 'x@example.com', role: 'admin' }, { email: 'x@example.com' }]) {
      const response = await owner.client.request('POST', '/console/api/team/invites', { body });
      expect([response.status, await codeOf(response)]).toEqual([400, 'VALIDATION_ERROR']);
    }
  });

  it("never says whether an email has a user elsewhere: another account's user and another account's pending invite are invited as any address; accepting decides", async () => {
    const other = await harness.createAccount('Another team', 10);
    const otherOwner = await harness.signIn({ accountId: other.accountId, role: 'owner', name: 'Otto Other' });

    // An email with a user in another account: invited like any address, the same answer.
    const elsewhere = await otherOwner.client.json<InvitedTeamMember>('POST', '/console/api/team/invites', {
      body: { email: owner.email, role: 'member' },
    });
    expect(elsewhere.status).toBe(201);
    expect(Object.keys(elsewhere.body).sort()).toEqual(['expires_at', 'invite_url', 'user_id']);
    // The person the email belongs to answers the invite: a user belongs to at most one account.
    const refused = await new ConsoleClient(harness.url).request('POST', `/console/api/invites/${tokenOfLink(elsewhere.body.invite_url)}`, {
      body: { name: 'Olivia Twice', password: 'a long enough password' },
    });
    expect(refused.status).toBe(409);
    expect(errorBodySchema.parse(await refused.json())).toMatchObject({
      code: 'USER_EXISTS',
      message: expect.stringMatching(/already has a Lead Engine user.*at most one account/),
    });
    // Nothing changed for the existing user, and the invite stays unused.
    expect((await new ConsoleClient(harness.url).signIn(owner.email, owner.password)).body.user).toMatchObject({ id: owner.userId });
    expect(await harness.query('SELECT used_at FROM user_invites WHERE user_id = $1', [elsewhere.body.user_id])).toEqual([
      { used_at: null },
    ]);

    // A pending invite in one account does not reserve the address for another; the first to accept wins.
    const email = `both-${Date.now()}@example.com`;
    const here = await invite(owner, email, 'member');
    const there = await invite(otherOwner, email, 'member');
    expect(there.user_id).not.toBe(here.user_id);
    // Still 409 for an email already of the same account, invited or accepted.
    const again = await owner.client.request('POST', '/console/api/team/invites', { body: { email, role: 'owner' } });
    expect([again.status, await codeOf(again)]).toEqual([409, 'USER_EXISTS']);
    const member = await accept(here.invite_url, 'Bea Both', email);
    expect(member.me.user).toMatchObject({ id: here.user_id, role: 'member' });
    const late = await new ConsoleClient(harness.url).request('POST', `/console/api/invites/${tokenOfLink(there.invite_url)}`, {
      body: { name: 'Bea Both', password: 'another long password' },
    });
    expect([late.status, await codeOf(late)]).toEqual([409, 'USER_EXISTS']);
    const signedIn = await new ConsoleClient(harness.url).signIn(email, member.password);
    expect([signedIn.status, signedIn.body.user.id]).toEqual([200, here.user_id]);
  });

  it('changes a role both ways; the last owner cannot be demoted or removed (409 LAST_OWNER), themselves included', async () => {
    const { accountId: soloAccount } = await harness.createAccount('Solo account', 0);
    const solo = await harness.signIn({ accountId: soloAccount, role: 'owner', name: 'Sole Owner' });
    const demoteSelf = await solo.client.request('PATCH', `/console/api/team/${solo.userId}`, { body: { role: 'member' } });
    expect([demoteSelf.status, await codeOf(demoteSelf)]).toEqual([409, 'LAST_OWNER']);
    const removeSelf = await solo.client.request('DELETE', `/console/api/team/${solo.userId}`);
    expect([removeSelf.status, await codeOf(removeSelf)]).toEqual([409, 'LAST_OWNER']);
    // Making the owner an owner again changes nothing and is allowed.
    const same = await solo.client.json<TeamMember>('PATCH', `/console/api/team/${solo.userId}`, { body: { role: 'owner' } });
    expect([same.status, same.body.role]).toEqual([200, 'owner']);

    const colleague = await harness.signIn({ accountId: soloAccount, role: 'member', name: 'Cora Colleague' });
    const promoted = await solo.client.json<TeamMember>('PATCH', `/console/api/team/${colleague.userId}`, { body: { role: 'owner' } });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({
      id: colleague.userId,
      name: 'Cora Colleague',
      role: 'owner',
      sessions: 1,
      invite_pending: false,
    });
    // The colleague, now an owner, sees the team at once; the first owner can step down.
    expect((await listOf(colleague)).map((user) => user.role)).toEqual(['owner', 'owner']);
    const stepDown = await solo.client.json<TeamMember>('PATCH', `/console/api/team/${solo.userId}`, { body: { role: 'member' } });
    expect([stepDown.status, stepDown.body.role]).toEqual([200, 'member']);
    const refused = await solo.client.request('GET', '/console/api/team');
    expect([refused.status, await codeOf(refused)]).toEqual([403, 'FORBIDDEN']);
    const lastNow = await colleague.client.request('PATCH', `/console/api/team/${colleague.userId}`, { body: { role: 'member' } });
    expect([lastNow.status, await codeOf(lastNow)]).toEqual([409, 'LAST_OWNER']);
    const removeLast = await colleague.client.request('DELETE', `/console/api/team/${colleague.userId}`);
    expect([removeLast.status, await codeOf(removeLast)]).toEqual([409, 'LAST_OWNER']);
    const [{ owners }] = await harness.query("SELECT count(*)::int AS owners FROM users WHERE account_id = $1 AND role = 'owner'", [
      soloAccount,
    ]);
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
      const [a, b] = await Promise.all([
        first.client.request('PATCH', `/console/api/team/${second.userId}`, { body: { role: 'member' } }),
        second.client.request('DELETE', `/console/api/team/${first.userId}`),
      ]);
      const [{ owners }] = await harness.query("SELECT count(*)::int AS owners FROM users WHERE account_id = $1 AND role = 'owner'", [
        pairAccount,
      ]);
      // The loser finds it is no longer an owner (403), or, removed, no longer signed in (401).
      const statuses = [a.status, b.status];
      expect({
        round,
        owners,
        succeeded: statuses.filter((status) => status < 300).length,
        refused: statuses.filter((status) => status === 403 || status === 401).length,
      }).toEqual({
        round,
        owners: 1,
        succeeded: 1,
        refused: 1,
      });
    }
  });

  it('remove a member: their session answers 401 at once; their key still works on /api/v1 and still lists for the owner', async () => {
    const member = await harness.signIn({ accountId, role: 'member', name: 'Rita Removed' });
    const created = await member.client.json<CreatedApiKey>('POST', '/console/api/keys', { body: { name: 'Rita sync' } });
    expect(created.status).toBe(201);
    expect((await member.client.request('GET', '/console/api/me')).status).toBe(200);

    const removed = await owner.client.request('DELETE', `/console/api/team/${member.userId}`);
    expect(removed.status).toBe(204);
    const after = await member.client.request('GET', '/console/api/me');
    expect([after.status, await codeOf(after)]).toEqual([401, 'SESSION_REQUIRED']);
    const keysAfter = await member.client.request('GET', '/console/api/keys');
    expect([keysAfter.status, await codeOf(keysAfter)]).toEqual([401, 'SESSION_REQUIRED']);
    const signIn = await new ConsoleClient(harness.url).signIn(member.email, member.password);
    expect([signIn.status, signIn.body]).toEqual([401, expect.objectContaining({ code: 'INVALID_CREDENTIALS' })]);
    expect(await harness.query('SELECT id FROM user_sessions WHERE user_id = $1', [member.userId])).toEqual([]);
    expect(await harness.query('SELECT id FROM user_invites WHERE user_id = $1', [member.userId])).toEqual([]);

    const credits = await http(harness.url, 'GET', '/api/v1/credits', { apiKey: created.body.key });
    expect(credits.status).toBe(200);
    const keys = await owner.client.json('GET', '/console/api/keys');
    expect(keys.body.items.find((key: { id: string }) => key.id === created.body.id)).toMatchObject({
      name: 'Rita sync',
      created_by: null,
    });
    expect((await listOf(owner)).map((user) => user.id)).not.toContain(member.userId);
    const again = await owner.client.request('DELETE', `/console/api/team/${member.userId}`);
    expect([again.status, await codeOf(again)]).toEqual([404, 'NOT_FOUND']);
  });

  it("refuses to remove the server's operator, even one who is the account's member: 403 FORBIDDEN naming why, nothing removed", async () => {
    const operator = await harness.signIn({ accountId, role: 'member', operator: true, name: 'Opal Operator' });
    const refused = await owner.client.request('DELETE', `/console/api/team/${operator.userId}`);
    expect(refused.status).toBe(403);
    expect(errorBodySchema.parse(await refused.json())).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/operator.*CLI/),
    });
    expect((await operator.client.request('GET', '/console/api/me')).status).toBe(200);
    expect(await harness.query('SELECT account_id, operator FROM users WHERE id = $1', [operator.userId])).toEqual([
      { account_id: accountId, operator: true },
    ]);
    expect((await listOf(owner)).map((user) => user.id)).toContain(operator.userId);
  });

  it("answers another account's user, an unknown and a malformed id alike: 404 NOT_FOUND", async () => {
    const other = await harness.createAccount('Other account', 10);
    const stranger = await harness.signIn({ accountId: other.accountId, role: 'member' });
    const bodies: unknown[] = [];
    for (const id of [stranger.userId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      for (const [method, body] of [
        ['PATCH', { role: 'owner' }],
        ['DELETE', undefined],
      ] as const) {
        const response = await owner.client.request(method, `/console/api/team/${id}`, { body });
        expect({ id, method, status: response.status }).toEqual({ id, method, status: 404 });
        bodies.push(await response.json());
      }
    }
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(bodies[0]).toMatchObject({ code: 'NOT_FOUND' });
    expect((await listOf(owner)).map((user) => user.id)).not.toContain(stranger.userId);
    const [untouched] = await harness.query('SELECT role FROM users WHERE id = $1', [stranger.userId]);
    expect(untouched.role).toBe('member');
    expect((await stranger.client.request('GET', '/console/api/me')).status).toBe(200);
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
    for (const { method, path, body } of guarded) {
      const refused = await member.client.request(method, path, { body });
      expect({ method, status: refused.status, code: await codeOf(refused) }).toEqual({ method, status: 403, code: 'FORBIDDEN' });
    }
    // A member's 403 even for a user of another account or a malformed id: the role is checked first.
    const malformed = await member.client.request('DELETE', '/console/api/team/not-a-uuid');
    expect([malformed.status, await codeOf(malformed)]).toEqual([403, 'FORBIDDEN']);
    const [row] = await harness.query('SELECT role FROM users WHERE id = $1', [target.userId]);
    expect(row.role).toBe('member');
    expect((await target.client.request('GET', '/console/api/me')).status).toBe(200);
    expect(await harness.query("SELECT id FROM users WHERE email = 'nobody@example.com'")).toEqual([]);
  });
});
