import { errorBodySchema, OPERATOR_OPERATIONS } from '@lead-engine/contracts';
import { expectConsoleGuards, ConsoleEndpoint } from './support/console-guards';
import { ConsoleClient, SignedInUser } from './support/console-session';
import { useHarness } from './support/harness';

const HEADER = 'first_name,last_name,email,job_title,company_name,company_domain,country_code';
const csvForm = () => {
  const form = new FormData();
  form.append(
    'file',
    new Blob([`${HEADER}\nAda,Guard,ada@guard.example,CTO,Guard Ltd,guard.example,DE\n`], { type: 'text/csv' }),
    'guard.csv',
  );
  return form;
};

/** What each operator operation is called with: a request it would accept, so that only the guard can refuse it. */
type Request = Omit<ConsoleEndpoint, 'method' | 'path'> & { params?: Record<string, string> };

describe('operator: every operator endpoint is the operator’s alone', () => {
  const harness = useHarness({ label: 'operator_guards' });
  let operator: SignedInUser;
  let owner: SignedInUser;
  let member: SignedInUser;
  let accountId: string;
  let importId: string;
  let keyId: string;

  beforeAll(async () => {
    operator = await harness.signIn({ operator: true });
    ({ accountId } = await harness.createAccount('Guarded account', 100));
    owner = await harness.signIn({ accountId, role: 'owner' });
    member = await harness.signIn({ accountId, role: 'member' });
    const generated = await operator.client.json('POST', '/console/api/operator/contact-imports/generated', {
      body: { count: 1, seed: 1 },
    });
    importId = generated.body.id;
    [{ id: keyId }] = await harness.query('SELECT id FROM api_keys WHERE account_id = $1', [accountId]);
  });

  const requests = (): Record<string, Request> => ({
    operatorGetSystem: {},
    operatorGetContacts: {},
    operatorImportContacts: { form: csvForm },
    operatorGenerateContacts: { body: { count: 5 } },
    operatorListContactImports: {},
    operatorGetContactImport: { params: { id: importId } },
    operatorSearchAccounts: {},
    operatorCreateAccount: { body: { name: 'Made by a guard check' } },
    operatorGetAccount: { params: { id: accountId } },
    operatorGrantCredits: { params: { id: accountId }, body: { amount: 5, reason: 'guard check' } },
    operatorSetPlan: { params: { id: accountId }, body: { plan: 'starter' } },
    operatorStartTrial: { params: { id: accountId } },
    operatorCreateApiKey: { params: { id: accountId }, body: { name: 'Guard key' } },
    operatorRevokeApiKey: { params: { id: accountId, keyId } },
    operatorInviteUser: { params: { id: accountId }, body: { email: 'invited-by-guard@example.com', role: 'member' } },
    operatorResetPassword: { params: { id: accountId, userId: member.userId } },
  });
  const endpoints = (): ConsoleEndpoint[] => {
    const table = requests();
    return OPERATOR_OPERATIONS.map((operation) => {
      const request = table[operation.operationId];
      if (!request) throw new Error(`${operation.operationId} has no request in this test's table`);
      const { params = {}, ...content } = request;
      const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]);
      return { method: operation.method.toUpperCase(), path, ...content };
    });
  };
  const state = async () =>
    (
      await harness.query(`SELECT (SELECT count(*) FROM accounts)::int AS accounts, (SELECT count(*) FROM contact_imports)::int AS imports,
        (SELECT count(*) FROM contact_import_parts)::int AS parts, (SELECT count(*) FROM operator_actions)::int AS actions,
        (SELECT count(*) FROM api_keys WHERE revoked_at IS NULL)::int AS live_keys, (SELECT count(*) FROM users)::int AS users,
        (SELECT balance FROM accounts WHERE id = '${accountId}') AS balance`)
    )[0];

  it('refuses an owner and a member with 403 FORBIDDEN and changes nothing', async () => {
    const before = await state();
    const seen: string[] = [];
    for (const [who, client] of [
      ['owner', owner.client],
      ['member', member.client],
    ] as const) {
      for (const { method, path, body, form } of endpoints()) {
        const answer = await (client as ConsoleClient).json(method, path, form ? { form: form() } : { body });
        seen.push(`${who} ${method} ${path} → ${answer.status} ${errorBodySchema.safeParse(answer.body).data?.code}`);
      }
    }
    expect(seen).toEqual(seen.map((line) => line.replace(/→ .*$/, '→ 403 FORBIDDEN')));
    expect(seen).toHaveLength(2 * OPERATOR_OPERATIONS.length);
    expect(await state()).toEqual(before);
  });

  it('refuses no session with 401, another site with 403 and a form body with a 4xx', async () => {
    const before = await state();
    await expectConsoleGuards(operator.client, endpoints());
    expect(await state()).toEqual(before);
  });

  it('answers the operator each of those same requests with a success', async () => {
    const seen: string[] = [];
    for (const { method, path, body, form } of endpoints()) {
      const answer = await operator.client.json(method, path, form ? { form: form() } : { body });
      seen.push(`${method} ${path} → ${Math.floor(answer.status / 100)}xx`);
    }
    expect(seen).toEqual(seen.map((line) => line.replace(/→ .*$/, '→ 2xx')));
  });
});
