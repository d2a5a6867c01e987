import { API_OPERATIONS, ApiOperation, errorBodySchema, needsSession, OperationAccess } from '@lead-engine/contracts';
import { randomUUID } from 'node:crypto';
import { ConsoleClient, SignedInUser } from './support/console-session';
import { useHarness } from './support/harness';

type Caller = 'anyone' | 'api key' | 'operator without an account' | 'member' | 'owner' | 'operator and owner';

/** The callers each access admits; every other one is refused. */
const ADMITTED: Record<OperationAccess, Caller[]> = {
  none: ['anyone'],
  'api-key': ['api key'],
  session: ['operator without an account', 'member', 'owner', 'operator and owner'],
  account: ['member', 'owner', 'operator and owner'],
  owner: ['owner', 'operator and owner'],
  operator: ['operator without an account', 'operator and owner'],
};

/** How the engine refuses a caller an access does not admit. */
function refusalOf(operation: ApiOperation, caller: Caller): [number, string] {
  if (operation.access === 'api-key') return [401, 'AUTH_REQUIRED'];
  return caller === 'anyone' ? [401, 'SESSION_REQUIRED'] : [403, 'FORBIDDEN'];
}

/** The path with made-up parameters: whoever is admitted meets "not found" or a refused input, never the guard. */
const pathOf = (operation: ApiOperation) =>
  operation.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'token' ? 'x'.repeat(43) : randomUUID()));

const ENDS_SESSION = new Set(['consoleSignOut', 'consoleSignOutEverywhere']);

const codeOf = (text: string): string | undefined => {
  try {
    return errorBodySchema.parse(JSON.parse(text)).code;
  } catch {
    return undefined;
  }
};

describe('who may call each operation: the engine admits exactly the callers the operation table names', () => {
  const harness = useHarness({ label: 'operation_access' });
  const clients = {} as Record<Exclude<Caller, 'api key'>, ConsoleClient>;
  let apiKey: string;
  /** Signing out ends the caller's session: each signed-in caller does it as a user of its own. */
  const spare = async (caller: Caller): Promise<SignedInUser> =>
    harness.signIn(
      caller === 'operator without an account'
        ? { operator: true }
        : { accountId, role: caller === 'member' ? 'member' : 'owner', operator: caller === 'operator and owner' },
    );
  let accountId: string;

  beforeAll(async () => {
    ({ accountId, apiKey } = await harness.createAccount('Access account', 100));
    clients.anyone = new ConsoleClient(harness.url);
    clients['operator without an account'] = (await harness.signIn({ operator: true })).client;
    clients.member = (await harness.signIn({ accountId, role: 'member' })).client;
    clients.owner = (await harness.signIn({ accountId, role: 'owner' })).client;
    clients['operator and owner'] = (await harness.signIn({ accountId, role: 'owner', operator: true })).client;
  });

  async function answer(operation: ApiOperation, caller: Caller, method = operation.method.toUpperCase()): Promise<[number, string?]> {
    const path = pathOf(operation);
    let response: Response;
    if (caller === 'api key') {
      response = await fetch(`${harness.url}${path}`, { method, headers: { 'x-api-key': apiKey } });
    } else if (ENDS_SESSION.has(operation.operationId) && caller !== 'anyone') {
      response = await (await spare(caller)).client.request(method, path);
    } else {
      response = await clients[caller].request(method, path);
    }
    return [response.status, codeOf(await response.text())];
  }

  const CALLERS: Caller[] = ['anyone', 'api key', 'operator without an account', 'member', 'owner', 'operator and owner'];
  const OPERATIONS = (API_OPERATIONS as readonly ApiOperation[]).filter((operation) => !operation.retired);

  it('refuses every caller an operation does not admit, before it reads any input, and admits the others past its guard', async () => {
    const mismatches: Array<{ operation: string; caller: Caller; answered: [number, string?]; wanted: string }> = [];
    for (const operation of OPERATIONS) {
      for (const caller of CALLERS) {
        // An API key is refused on the console as anyone is; the console's session is not an API key.
        if (caller === 'api key' && operation.access !== 'api-key') continue;
        const answered = await answer(operation, caller);
        const admitted = ADMITTED[operation.access].includes(caller) || (operation.access === 'none' && caller !== 'api key');
        if (admitted) {
          if (answered[0] === 401 || answered[0] === 403)
            mismatches.push({ operation: operation.operationId, caller, answered, wanted: 'past the guard' });
        } else {
          const [status, code] = refusalOf(operation, caller);
          if (answered[0] !== status || answered[1] !== code) {
            mismatches.push({ operation: operation.operationId, caller, answered, wanted: `${status} ${code}` });
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("checks a HEAD request as its GET's (whose refusals of a signed-in caller operation-access.spec shows)", async () => {
    const guarded = OPERATIONS.filter((operation) => operation.method === 'get' && needsSession(operation.access));
    const answers = await Promise.all(guarded.map(async (operation) => (await answer(operation, 'anyone', 'HEAD'))[0]));
    expect(new Set(answers)).toEqual(new Set([401]));
  });
});
