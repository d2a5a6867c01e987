import {
  createdApiKeySchema,
  errorBodySchema,
  invitedTeamMemberSchema,
  MeResponse,
  OperatorAccount,
  operatorAccountSchema,
  operatorPasswordResetSchema,
} from '@lead-engine/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import { ConsoleClient, SignedInUser, tokenOfLink } from './support/console-session';
import { useHarness } from './support/harness';

const ACCOUNTS = '/console/api/operator/accounts';

describe("operator: an account's keys, invites and password links from its page", () => {
  const harness = useHarness({ label: 'operator_account_access' });
  let operator: SignedInUser;

  beforeAll(async () => {
    operator = await harness.signIn({ operator: true, name: 'Opal Operator' });
  });

  const newAccount = async () => (await harness.createAccount(`Access ${randomBytes(3).toString('hex')}`, 50)).accountId;
  const detail = async (id: string): Promise<OperatorAccount> => {
    const answer = await operator.client.json('GET', `${ACCOUNTS}/${id}`);
    expect(answer.status).toBe(200);
    return operatorAccountSchema.parse(answer.body);
  };
  const refusal = async (client: ConsoleClient, method: string, path: string, body?: unknown) => {
    const answer = await client.json(method, path, { body });
    return [answer.status, errorBodySchema.parse(answer.body).code];
  };
  const createKey = async (accountId: string, name: string) => {
    const answer = await operator.client.json('POST', `${ACCOUNTS}/${accountId}/keys`, { body: { name } });
    expect(answer.status).toBe(201);
    return createdApiKeySchema.parse(answer.body);
  };
  const creditsWith = (apiKey: string) => fetch(`${harness.url}/api/v1/credits`, { headers: { 'x-api-key': apiKey } });
  const acceptLink = (link: string, body: { name?: string; password: string }) =>
    new ConsoleClient(harness.url).json<MeResponse>('POST', `/console/api/invites/${tokenOfLink(link)}`, { body });
  const recordedDetails = async (accountId: string): Promise<string> => {
    const rows = await harness.query('SELECT details::text AS details FROM operator_actions WHERE account_id = $1', [accountId]);
    return rows.map((row) => row.details).join('\n');
  };

  it('creates a key that works on /api/v1 and revokes it, refused there at once; both recorded without the key', async () => {
    const accountId = await newAccount();
    const created = await createKey(accountId, 'Zapier');
    expect(created).toMatchObject({ name: 'Zapier', prefix: created.key.slice(0, 20) });
    expect(created.key).toMatch(/^le_live_/);
    expect(created.curl).toContain(created.key);
    const working = await creditsWith(created.key);
    expect(working.status).toBe(200);
    expect((await working.json()).balance).toBe(50);
    expect((await detail(accountId)).keys.find((key) => key.id === created.id)).toMatchObject({ name: 'Zapier', revoked_at: null });

    // The account's owner sees it among their keys, made by no user of theirs.
    const owner = await harness.signIn({ accountId, role: 'owner' });
    const listed = (await owner.client.call('consoleListApiKeys')).items.find((key) => key.id === created.id);
    expect(listed).toMatchObject({ name: 'Zapier', created_by: null });

    const revoke = await operator.client.json('DELETE', `${ACCOUNTS}/${accountId}/keys/${created.id}`);
    expect(revoke.status).toBe(204);
    const refused = await creditsWith(created.key);
    expect(refused.status).toBe(401);
    expect(errorBodySchema.parse(await refused.json()).code).toBe('INVALID_API_KEY');
    expect(await refusal(operator.client, 'DELETE', `${ACCOUNTS}/${accountId}/keys/${created.id}`)).toEqual([404, 'NOT_FOUND']);

    const page = await detail(accountId);
    expect(page.keys.find((key) => key.id === created.id)?.revoked_at).not.toBeNull();
    expect(page.actions.map((action) => [action.action, action.details, action.operator.id])).toEqual([
      ['key.revoke', { key_id: created.id, name: 'Zapier', prefix: created.prefix }, operator.userId],
      ['key.create', { key_id: created.id, name: 'Zapier', prefix: created.prefix }, operator.userId],
    ]);
    expect(await recordedDetails(accountId)).not.toContain(created.key);
  });

  it('invites a user whose link signs them in to the account; an email with a user anywhere is 409 USER_EXISTS', async () => {
    const accountId = await newAccount();
    const email = `nora-${randomBytes(3).toString('hex')}@example.com`;
    const answer = await operator.client.json('POST', `${ACCOUNTS}/${accountId}/invites`, { body: { email, role: 'owner' } });
    expect(answer.status).toBe(201);
    const invited = invitedTeamMemberSchema.parse(answer.body);
    expect(invited.invite_url).toMatch(/\/app\/invite\/[^/]+$/);

    const accepted = await acceptLink(invited.invite_url, { name: 'Nora North', password: 'a long enough password' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({ id: invited.user_id, email, name: 'Nora North', role: 'owner' });
    expect(accepted.body.account?.id).toBe(accountId);

    for (const taken of [email, operator.email]) {
      expect(await refusal(operator.client, 'POST', `${ACCOUNTS}/${accountId}/invites`, { email: taken, role: 'member' })).toEqual([
        409,
        'USER_EXISTS',
      ]);
    }
    const page = await detail(accountId);
    expect(page.users).toEqual([{ id: invited.user_id, name: 'Nora North', email, role: 'owner', removed: false }]);
    expect(page.actions.map((action) => [action.action, action.details])).toEqual([
      ['user.invite', { user_id: invited.user_id, email, role: 'owner' }],
    ]);
    expect(await recordedDetails(accountId)).not.toContain(tokenOfLink(invited.invite_url));
  });

  it("makes a password link for a user of the account: the new password signs in, the old one no longer; a pending user's link is an invite", async () => {
    const accountId = await newAccount();
    const member = await harness.signIn({ accountId, role: 'member' });
    const answer = await operator.client.json('POST', `${ACCOUNTS}/${accountId}/users/${member.userId}/password-reset`);
    expect(answer.status).toBe(201);
    const reset = operatorPasswordResetSchema.parse(answer.body);
    expect(reset.user_id).toBe(member.userId);
    // Making the link changes nothing until it is used.
    expect((await new ConsoleClient(harness.url).signIn(member.email, member.password)).status).toBe(200);

    const newPassword = 'a brand new password';
    const accepted = await acceptLink(reset.reset_url, { password: newPassword });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user.id).toBe(member.userId);
    expect((await new ConsoleClient(harness.url).signIn(member.email, newPassword)).status).toBe(200);
    expect((await new ConsoleClient(harness.url).signIn(member.email, member.password)).status).toBe(401);

    const pending = await operator.client.json('POST', `${ACCOUNTS}/${accountId}/invites`, {
      body: { email: `pending-${randomBytes(3).toString('hex')}@example.com`, role: 'member' },
    });
    const pendingId = invitedTeamMemberSchema.parse(pending.body).user_id;
    const again = operatorPasswordResetSchema.parse(
      (await operator.client.json('POST', `${ACCOUNTS}/${accountId}/users/${pendingId}/password-reset`)).body,
    );
    const view = await new ConsoleClient(harness.url).json('GET', `/console/api/invites/${tokenOfLink(again.reset_url)}`);
    expect(view.body).toMatchObject({ purpose: 'invite' });

    const page = await detail(accountId);
    expect(page.actions.map((action) => action.action)).toEqual(['password.reset', 'user.invite', 'password.reset']);
    expect(page.actions[2].details).toEqual({ user_id: member.userId, email: member.email });
    const recorded = await recordedDetails(accountId);
    for (const link of [reset.reset_url, again.reset_url]) expect(recorded).not.toContain(tokenOfLink(link));
  });

  it("answers 404 for an unknown or malformed account, another account's key or user, a revoked key; 400 for a bad body; nothing is recorded", async () => {
    const accountId = await newAccount();
    const other = await harness.createAccount('Someone else', 5);
    const otherKey = (await detail(other.accountId)).keys[0];
    const otherUser = await harness.signIn({ accountId: other.accountId, role: 'owner' });
    const revoked = await createKey(accountId, 'Soon gone');
    expect((await operator.client.json('DELETE', `${ACCOUNTS}/${accountId}/keys/${revoked.id}`)).status).toBe(204);
    const before = (await detail(accountId)).actions.length;

    for (const id of [randomUUID(), 'not-an-id']) {
      expect(await refusal(operator.client, 'POST', `${ACCOUNTS}/${id}/keys`, { name: 'x' })).toEqual([404, 'NOT_FOUND']);
      expect(await refusal(operator.client, 'DELETE', `${ACCOUNTS}/${id}/keys/${otherKey.id}`)).toEqual([404, 'NOT_FOUND']);
      expect(await refusal(operator.client, 'POST', `${ACCOUNTS}/${id}/invites`, { email: 'x@example.com', role: 'member' })).toEqual([
        404,
        'NOT_FOUND',
      ]);
      expect(await refusal(operator.client, 'POST', `${ACCOUNTS}/${id}/users/${otherUser.userId}/password-reset`)).toEqual([
        404,
        'NOT_FOUND',
      ]);
    }
    for (const keyId of [otherKey.id, revoked.id, randomUUID(), 'not-an-id']) {
      expect(await refusal(operator.client, 'DELETE', `${ACCOUNTS}/${accountId}/keys/${keyId}`)).toEqual([404, 'NOT_FOUND']);
    }
    for (const userId of [otherUser.userId, operator.userId, randomUUID(), 'not-an-id']) {
      expect(await refusal(operator.client, 'POST', `${ACCOUNTS}/${accountId}/users/${userId}/password-reset`)).toEqual([404, 'NOT_FOUND']);
    }
    const keys = `${ACCOUNTS}/${accountId}/keys`;
    const invites = `${ACCOUNTS}/${accountId}/invites`;
    for (const body of [{}, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 'ok', extra: 1 }]) {
      expect(await refusal(operator.client, 'POST', keys, body)).toEqual([400, 'VALIDATION_ERROR']);
    }
    for (const body of [{ email: 'not an email', role: 'member' }, { email: 'x@example.com', role: 'admin' }, { email: 'x@example.com' }]) {
      expect(await refusal(operator.client, 'POST', invites, body)).toEqual([400, 'VALIDATION_ERROR']);
    }

    const page = await detail(accountId);
    expect(page.actions).toHaveLength(before);
    expect(page.keys.filter((key) => key.revoked_at === null)).toHaveLength(1);
    expect(page.users).toEqual([]);
    expect((await detail(other.accountId)).keys[0].revoked_at).toBeNull();
    expect((await harness.api(other.apiKey)('getCredits')).balance).toBe(5);
  });

  it('refuses each endpoint without a session (401), to an owner or member (403) and from another origin (403); nothing is done', async () => {
    const { accountId, apiKey } = await harness.createAccount('Not the operator', 10);
    const owner = await harness.signIn({ accountId, role: 'owner' });
    const member = await harness.signIn({ accountId, role: 'member' });
    const keyId = (await detail(accountId)).keys[0].id;
    const calls: Array<[string, string, unknown?]> = [
      ['POST', `${ACCOUNTS}/${accountId}/keys`, { name: 'Sneaky' }],
      ['DELETE', `${ACCOUNTS}/${accountId}/keys/${keyId}`],
      ['POST', `${ACCOUNTS}/${accountId}/invites`, { email: `sneaky-${randomBytes(3).toString('hex')}@example.com`, role: 'owner' }],
      ['POST', `${ACCOUNTS}/${accountId}/users/${member.userId}/password-reset`],
    ];
    for (const [method, path, body] of calls) {
      expect(await refusal(new ConsoleClient(harness.url), method, path, body)).toEqual([401, 'SESSION_REQUIRED']);
      expect(await refusal(owner.client, method, path, body)).toEqual([403, 'FORBIDDEN']);
      expect(await refusal(member.client, method, path, body)).toEqual([403, 'FORBIDDEN']);
      const crossOrigin = await operator.client.json(method, path, { body, headers: { origin: 'https://evil.example' } });
      expect([crossOrigin.status, errorBodySchema.parse(crossOrigin.body).code]).toEqual([403, 'CROSS_ORIGIN_REQUEST']);
    }
    const page = await detail(accountId);
    expect(page.actions).toEqual([]);
    expect(page.keys.map((key) => key.revoked_at)).toEqual([null]);
    expect(page.users).toHaveLength(2);
    expect((await harness.api(apiKey)('getCredits')).balance).toBe(10);
    expect((await new ConsoleClient(harness.url).signIn(member.email, member.password)).status).toBe(200);
  });
});
