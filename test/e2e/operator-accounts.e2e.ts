import {
  CreatedOperatorAccount,
  createdOperatorAccountSchema,
  errorBodySchema,
  OperatorAccount,
  operatorAccountBalanceSchema,
  operatorAccountPageSchema,
  operatorAccountSchema,
} from '@lead-engine/contracts';
import { NEW_ACCOUNT_CREDITS, PLAN_MONTHLY_CREDITS, TRIAL_CREDITS } from '@lead-engine/core';
import { randomBytes, randomUUID } from 'node:crypto';
import { ConsoleClient, SignedInUser } from './support/console-session';
import { useHarness } from './support/harness';

const ACCOUNTS = '/console/api/operator/accounts';

describe("operator: the Accounts pages' API", () => {
  const harness = useHarness({ label: 'operator_accounts' });
  let operator: SignedInUser;

  beforeAll(async () => {
    operator = await harness.signIn({ operator: true, name: 'Opal Operator' });
  });

  const create = async (name: string): Promise<CreatedOperatorAccount> => {
    const answer = await operator.client.json('POST', ACCOUNTS, { body: { name } });
    expect(answer.status).toBe(201);
    return createdOperatorAccountSchema.parse(answer.body);
  };
  const detail = async (id: string): Promise<OperatorAccount> => {
    const answer = await operator.client.json('GET', `${ACCOUNTS}/${id}`);
    expect(answer.status).toBe(200);
    return operatorAccountSchema.parse(answer.body);
  };
  const search = async (q: string, more: Record<string, string> = {}) => {
    const answer = await operator.client.json('GET', `${ACCOUNTS}?${new URLSearchParams({ q, ...more })}`);
    expect(answer.status).toBe(200);
    return operatorAccountPageSchema.parse(answer.body);
  };
  const refusal = async (client: ConsoleClient, method: string, path: string, body?: unknown) => {
    const answer = await client.json(method, path, { body });
    return [answer.status, errorBodySchema.parse(answer.body).code];
  };

  it('creates an account, grants credits with a reason, sets a plan and starts the trial; the owner sees them and the account page lists each action', async () => {
    const name = `Acme ${randomBytes(3).toString('hex')}`;
    const created = await create(name);
    expect(created.api_key).toMatch(/^le_live_/);
    expect(created.account).toMatchObject({ name, balance: { balance: NEW_ACCOUNT_CREDITS }, plan: { name: null } });
    expect(created.account.keys).toEqual([expect.objectContaining({ prefix: created.api_key.slice(0, 20), revoked_at: null })]);
    const accountId = created.account.id;

    const grant = await operator.client.json('POST', `${ACCOUNTS}/${accountId}/grants`, {
      body: { amount: 500, reason: 'Goodwill for the outage' },
    });
    expect(grant.status).toBe(201);
    const afterGrant = NEW_ACCOUNT_CREDITS + 500;
    expect(operatorAccountBalanceSchema.parse(grant.body)).toEqual({ balance: afterGrant, total_earned: afterGrant, total_spent: 0 });

    const plan = await operator.client.json('PUT', `${ACCOUNTS}/${accountId}/plan`, { body: { plan: 'starter' } });
    expect(plan.status).toBe(200);
    const planned = operatorAccountSchema.parse(plan.body);
    expect(planned.plan.name).toBe('starter');
    expect(planned.plan.renews_at).not.toBeNull();
    expect(planned.balance.balance).toBe(afterGrant + PLAN_MONTHLY_CREDITS.starter);

    const trial = await operator.client.json('POST', `${ACCOUNTS}/${accountId}/trial`);
    expect(trial.status).toBe(201);
    const trialled = operatorAccountSchema.parse(trial.body);
    expect(trialled.trial.state).toBe('active');
    const finalBalance = afterGrant + PLAN_MONTHLY_CREDITS.starter + TRIAL_CREDITS;
    expect(trialled.balance.balance).toBe(finalBalance);
    expect(await refusal(operator.client, 'POST', `${ACCOUNTS}/${accountId}/trial`)).toEqual([409, 'TRIAL_USED']);

    const owner = await harness.signIn({ accountId, role: 'owner', name: 'Olive Owner' });
    expect(owner.me.account?.balance).toBe(finalBalance);
    expect((await owner.client.call('consoleGetOverview')).balance).toBe(finalBalance);
    expect((await owner.client.call('consoleGetPlan')).plan).toBe('starter');
    const usage = await owner.client.call('consoleListUsage');
    expect(usage.items.find((entry) => entry.reference === `operator:${operator.userId}`)).toMatchObject({
      movement: 'grant',
      kind: 'allowance',
      amount: 500,
      description: 'Goodwill for the outage',
      user: null,
    });

    const page = await detail(accountId);
    expect(page.users).toEqual([{ id: owner.userId, name: 'Olive Owner', email: owner.email, role: 'owner', removed: false }]);
    expect(page.last_activity_at).not.toBeNull();
    expect(page.actions.map((action) => action.action)).toEqual(['trial.start', 'plan.set', 'credits.grant', 'account.create']);
    for (const action of page.actions) {
      expect(action.operator).toEqual({ id: operator.userId, name: 'Opal Operator', email: operator.email });
    }
    expect(page.actions[2].details).toEqual({ amount: 500, reason: 'Goodwill for the outage' });
    const recorded = await harness.query('SELECT count(*)::int AS n FROM operator_actions WHERE account_id = $1', [accountId]);
    expect(recorded[0].n).toBe(4);
  });

  it("finds an account by its name, its id, a user's email and the start of its key; pages newest first", async () => {
    const name = `Zebra Works ${randomBytes(3).toString('hex')}`;
    const created = await create(name);
    const accountId = created.account.id;
    const owner = await harness.signIn({ accountId, role: 'owner' });
    const only = (page: { items: Array<{ id: string }> }) => page.items.map((row) => row.id);

    expect(only(await search(name.slice(2).toUpperCase()))).toEqual([accountId]);
    expect(only(await search(accountId))).toEqual([accountId]);
    expect(only(await search(owner.email.toUpperCase()))).toEqual([accountId]);
    expect(only(await search(created.api_key.slice(0, 14)))).toEqual([accountId]);
    expect(only(await search(created.api_key))).toEqual([accountId]);
    expect(only(await search('no account is called this'))).toEqual([]);

    const [row] = (await search(name)).items;
    expect(row).toMatchObject({ name, balance: NEW_ACCOUNT_CREDITS, plan: null, users: 1, keys: 1 });
    expect(row.last_activity_at).not.toBeNull();

    const second = await create(`${name} bis`);
    const first = await search('', { limit: '1' });
    expect(only(first)).toEqual([second.account.id]);
    const next = await search('', { limit: '1', cursor: first.next_cursor! });
    expect(only(next)).toEqual([accountId]);
  });

  it('answers 404 for an unknown or malformed id and 400 for bad input', async () => {
    const { account } = await create(`Checks ${randomBytes(3).toString('hex')}`);
    for (const id of [randomUUID(), 'not-an-id']) {
      expect(await refusal(operator.client, 'GET', `${ACCOUNTS}/${id}`)).toEqual([404, 'NOT_FOUND']);
      expect(await refusal(operator.client, 'POST', `${ACCOUNTS}/${id}/grants`, { amount: 5, reason: 'x' })).toEqual([404, 'NOT_FOUND']);
      expect(await refusal(operator.client, 'PUT', `${ACCOUNTS}/${id}/plan`, { plan: 'pro' })).toEqual([404, 'NOT_FOUND']);
      expect(await refusal(operator.client, 'POST', `${ACCOUNTS}/${id}/trial`)).toEqual([404, 'NOT_FOUND']);
    }
    const grants = `${ACCOUNTS}/${account.id}/grants`;
    expect(await refusal(operator.client, 'POST', grants, { amount: 0, reason: 'x' })).toEqual([400, 'VALIDATION_ERROR']);
    expect(await refusal(operator.client, 'POST', grants, { amount: 5, reason: '  ' })).toEqual([400, 'VALIDATION_ERROR']);
    expect(await refusal(operator.client, 'POST', grants, { amount: 5 })).toEqual([400, 'VALIDATION_ERROR']);
    expect(await refusal(operator.client, 'PUT', `${ACCOUNTS}/${account.id}/plan`, { plan: 'platinum' })).toEqual([
      400,
      'VALIDATION_ERROR',
    ]);
    expect(await refusal(operator.client, 'POST', ACCOUNTS, { name: '' })).toEqual([400, 'VALIDATION_ERROR']);
    expect(await refusal(operator.client, 'GET', `${ACCOUNTS}?cursor=nonsense`)).toEqual([400, 'VALIDATION_ERROR']);
    expect(await refusal(operator.client, 'GET', `${ACCOUNTS}?limit=101`)).toEqual([400, 'VALIDATION_ERROR']);
    expect((await detail(account.id)).balance.balance).toBe(NEW_ACCOUNT_CREDITS);
    expect((await detail(account.id)).actions).toHaveLength(1);
  });

  it('refuses every endpoint to a caller without a session (401) and to an owner or member who is not the operator (403)', async () => {
    const { accountId } = await harness.createAccount('Not the operator', 10);
    const owner = await harness.signIn({ accountId, role: 'owner' });
    const member = await harness.signIn({ accountId, role: 'member' });
    const calls: Array<[string, string, unknown?]> = [
      ['GET', ACCOUNTS],
      ['POST', ACCOUNTS, { name: 'Sneaky' }],
      ['GET', `${ACCOUNTS}/${accountId}`],
      ['POST', `${ACCOUNTS}/${accountId}/grants`, { amount: 1_000, reason: 'free money' }],
      ['PUT', `${ACCOUNTS}/${accountId}/plan`, { plan: 'scale' }],
      ['POST', `${ACCOUNTS}/${accountId}/trial`],
    ];
    for (const [method, path, body] of calls) {
      expect(await refusal(new ConsoleClient(harness.url), method, path, body)).toEqual([401, 'SESSION_REQUIRED']);
      expect(await refusal(owner.client, method, path, body)).toEqual([403, 'FORBIDDEN']);
      expect(await refusal(member.client, method, path, body)).toEqual([403, 'FORBIDDEN']);
    }
    expect((await owner.client.call('consoleGetOverview')).balance).toBe(10);
  });
});
