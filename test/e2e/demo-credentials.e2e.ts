import { ConsoleClient } from './support/console-session';
import { useHarness } from './support/harness';
import { http } from './support/http';

const KEY_LINE = /API key \(shown once, keep it\):\n {2}(le_live_[A-Za-z0-9_-]{43})\n/g;
const SIGN_IN_LINE = /Demo owner — sign in to the app \(shown once, keep it\):\n {2}email: {4}(\S+)\n {2}password: (\S+)\n/g;

describe('demo credentials: printed once, by the role that serves HTTP', () => {
  const harness = useHarness({ label: 'demo_credentials', engine: 'none', env: { DEMO_DATA: 'true' } });

  it('a worker started first on a new database prints nothing; the api beside it prints the key and sign-in once, and they work', async () => {
    // The worker is up (its demo contacts written) before the api starts: it had every chance to take the credentials.
    const worker = await harness.spawnEngine({ ENGINE_ROLE: 'worker' });
    const api = await harness.spawnEngine({ ENGINE_ROLE: 'api' });

    expect(worker.output()).not.toMatch(/le_live_|shown once|password/);
    const keys = [...api.output().matchAll(KEY_LINE)].map((match) => match[1]);
    const signIns = [...api.output().matchAll(SIGN_IN_LINE)].map((match) => ({ email: match[1], password: match[2] }));
    expect({ keys: keys.length, signIns: signIns.length }).toEqual({ keys: 1, signIns: 1 });

    expect((await http(api.url, 'GET', '/api/v1/credits', { apiKey: keys[0] })).status).toBe(200);
    expect((await new ConsoleClient(api.url).signIn(signIns[0].email, signIns[0].password)).status).toBe(200);

    // Another api on the same database: the credentials exist, and are not printed again.
    const second = await harness.spawnEngine({ ENGINE_ROLE: 'api' });
    expect(second.output()).not.toMatch(/le_live_|shown once/);
  });
});
