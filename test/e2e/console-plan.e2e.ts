import { errorBodySchema, PlanView, StartedTrial } from '@lead-engine/contracts';
import { PLAN_MONTHLY_CREDITS, PLAN_NAMES, TRIAL_CREDITS, TRIAL_DAYS } from '@lead-engine/core';
import { ConsoleClient, SignedInUser } from './support/console-session';
import { useHarness } from './support/harness';
import { http } from './support/http';

const codeOf = async (response: Response) => errorBodySchema.parse(await response.json()).code;
const DAY_MS = 24 * 60 * 60 * 1000;

describe('console: the Plan page over HTTP', () => {
  const harness = useHarness({ label: 'console_plan' });

  /** A new account (300 credits, as every new account) with a signed-in owner and member. */
  async function newAccount(name: string) {
    const account = await harness.createAccount(name);
    const owner = await harness.signIn({ accountId: account.accountId, role: 'owner' });
    const member = await harness.signIn({ accountId: account.accountId, role: 'member' });
    return { ...account, owner, member };
  }
  const view = async (user: SignedInUser) => {
    const got = await user.client.json<PlanView>('GET', '/console/api/plan');
    expect(got.status).toBe(200);
    return got.body;
  };
  const balanceOf = async (apiKey: string) => (await http(harness.url, 'GET', '/api/v1/credits', { apiKey })).body.balance as number;
  const trialRows = (accountId: string) =>
    harness.query("SELECT kind, amount::int AS amount, reference FROM credit_ledger WHERE account_id = $1 AND reason = 'trial credits'", [
      accountId,
    ]);

  it("shows every plan's monthly credits from PLAN_MONTHLY_CREDITS, and the account's plan (set by plans:set) with its renewal and next grant", async () => {
    const account = await newAccount('Planned');
    const before = await view(account.owner);
    const plans = PLAN_NAMES.map((name) => ({ name, monthly_credits: PLAN_MONTHLY_CREDITS[name] }));
    expect(before).toEqual({
      plan: null,
      renews_at: null,
      next_grant: null,
      plans,
      trial: { state: 'available', credits: TRIAL_CREDITS, days: TRIAL_DAYS, started_at: null, expires_at: null, lapsing_credits: null },
      can_start_trial: true,
    });
    // A member sees the same, but may not start the trial.
    expect(await view(account.member)).toEqual({ ...before, can_start_trial: false });

    const set = await harness.operator(['plans:set', '--account', account.accountId, '--plan', 'growth', '--json']);
    expect(set.code).toBe(0);
    const state = JSON.parse(set.stdout);
    const after = await view(account.member);
    expect(after).toMatchObject({ plan: 'growth', renews_at: state.renewsAt, next_grant: PLAN_MONTHLY_CREDITS.growth, plans });
    const [row] = await harness.query('SELECT plan, plan_renews_at FROM accounts WHERE id = $1', [account.accountId]);
    expect([row.plan, row.plan_renews_at.toISOString()]).toEqual(['growth', after.renews_at]);
    expect(await balanceOf(account.apiKey)).toBe(300 + PLAN_MONTHLY_CREDITS.growth);
  });

  it("starts the trial once (the ledger's 'trial credits', balance up by TRIAL_CREDITS); a second start is 409 TRIAL_USED and grants nothing", async () => {
    const account = await newAccount('Trialist');
    const startedFrom = Date.now();
    const started = await account.owner.client.json<StartedTrial>('POST', '/console/api/plan/trial');
    expect(started.status).toBe(201);
    expect(started.body.balance).toBe(300 + TRIAL_CREDITS);
    expect(started.body).toMatchObject({
      trial: { state: 'active', credits: TRIAL_CREDITS, days: TRIAL_DAYS, lapsing_credits: TRIAL_CREDITS },
      can_start_trial: false,
    });
    const startedAt = new Date(started.body.trial.started_at!).getTime();
    expect(startedAt).toBeGreaterThanOrEqual(startedFrom - 1000);
    expect(new Date(started.body.trial.expires_at!).getTime() - startedAt).toBe(TRIAL_DAYS * DAY_MS);
    expect(await trialRows(account.accountId)).toEqual([{ kind: 'grant', amount: TRIAL_CREDITS, reference: `trial:${account.accountId}` }]);
    expect(await balanceOf(account.apiKey)).toBe(300 + TRIAL_CREDITS);
    const { balance: _balance, ...startedView } = started.body;
    expect(await view(account.owner)).toEqual(startedView);

    const again = await account.owner.client.request('POST', '/console/api/plan/trial');
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'TRIAL_USED', error: 'This account has already had its one-time trial' });
    expect(await trialRows(account.accountId)).toHaveLength(1);
    expect(await balanceOf(account.apiKey)).toBe(300 + TRIAL_CREDITS);

    // The CLI's trial:start is the same one-time trial.
    const cli = await harness.cli(['trial:start', '--account', account.accountId, '--json']);
    expect(cli.code).toBe(1);
    expect(JSON.parse(cli.stdout).error).toMatch(/already had its trial/);
  });

  it('says what will lapse while the trial is active: the trial grant less what was spent since, never more than the balance', async () => {
    const account = await newAccount('Spender');
    expect((await account.owner.client.request('POST', '/console/api/plan/trial')).status).toBe(201);
    const revealCost = 1_234;
    await harness.query(
      `WITH spent AS (UPDATE accounts SET balance = balance - $2, total_spent = total_spent + $2 WHERE id = $1)
       INSERT INTO credit_ledger (account_id, kind, amount, reason, reference) VALUES ($1, 'spend', $2, 'test spend', 'test:plan')`,
      [account.accountId, revealCost],
    );
    expect((await view(account.member)).trial).toMatchObject({ state: 'active', lapsing_credits: TRIAL_CREDITS - revealCost });

    // Once it has expired the trial is ended, and nothing is said to lapse.
    await harness.query("UPDATE accounts SET trial_expires_at = now() - interval '1 minute' WHERE id = $1", [account.accountId]);
    expect((await view(account.owner)).trial).toMatchObject({ state: 'ended', lapsing_credits: null });
    expect((await view(account.owner)).can_start_trial).toBe(false);
    const refused = await account.owner.client.request('POST', '/console/api/plan/trial');
    expect([refused.status, await codeOf(refused)]).toEqual([409, 'TRIAL_USED']);
  });

  it('grants once when two starts arrive together: one 201, one 409 TRIAL_USED', async () => {
    const account = await newAccount('Racer');
    const second = new ConsoleClient(harness.url);
    expect((await second.signIn(account.owner.email, account.owner.password)).status).toBe(200);
    const answers = await Promise.all([
      account.owner.client.request('POST', '/console/api/plan/trial'),
      second.request('POST', '/console/api/plan/trial'),
    ]);
    const outcomes = await Promise.all(
      answers.map(async (answer) => [answer.status, answer.status === 201 ? 'started' : await codeOf(answer)]),
    );
    expect(outcomes.sort()).toEqual([
      [201, 'started'],
      [409, 'TRIAL_USED'],
    ]);
    expect(await trialRows(account.accountId)).toHaveLength(1);
    expect(await balanceOf(account.apiKey)).toBe(300 + TRIAL_CREDITS);
  });

  it("refuses a member's start (403 FORBIDDEN) and grants nothing", async () => {
    const account = await newAccount('Members only');
    const refused = await account.member.client.request('POST', '/console/api/plan/trial');
    expect([refused.status, await codeOf(refused)]).toEqual([403, 'FORBIDDEN']);
    expect(await trialRows(account.accountId)).toHaveLength(0);
    expect((await view(account.owner)).trial.state).toBe('available');
  });

  it('answers without a session 401 SESSION_REQUIRED and for a user without an account 403 FORBIDDEN', async () => {
    const anonymous = new ConsoleClient(harness.url);
    const operator = await harness.signIn({ operator: true });
    for (const method of ['GET', 'POST']) {
      const path = method === 'GET' ? '/console/api/plan' : '/console/api/plan/trial';
      const signedOut = await anonymous.request(method, path);
      expect({ method, status: signedOut.status, code: await codeOf(signedOut) }).toEqual({
        method,
        status: 401,
        code: 'SESSION_REQUIRED',
      });
      const noAccount = await operator.client.request(method, path);
      expect({ method, status: noAccount.status, code: await codeOf(noAccount) }).toEqual({ method, status: 403, code: 'FORBIDDEN' });
    }
  });

  it('refuses a start from another origin (403 CROSS_ORIGIN_REQUEST) and with a form body (400), granting nothing', async () => {
    const account = await newAccount('Guarded');
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, {}]) {
      const response = await fetch(`${harness.url}/console/api/plan/trial`, {
        method: 'POST',
        headers: { cookie: `le_session=${account.owner.client.sessionToken}`, ...headers },
      });
      expect({ headers, status: response.status, code: await codeOf(response) }).toEqual({
        headers,
        status: 403,
        code: 'CROSS_ORIGIN_REQUEST',
      });
    }
    const form = await account.owner.client.request('POST', '/console/api/plan/trial', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([form.status, await codeOf(form)]).toEqual([400, 'VALIDATION_ERROR']);
    expect(await trialRows(account.accountId)).toHaveLength(0);
    expect(await balanceOf(account.apiKey)).toBe(300);
  });
});
