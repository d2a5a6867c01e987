import { ConsoleClient, SignedInUser } from './support/console-session';
import { Harness, useHarness } from './support/harness';

/** The sign-in limit of one client address (SIGN_IN_THROTTLE_POLICY.addressFailures), which no setting lowers. */
const ADDRESS_FAILURES = 30;

/**
 * Behind nginx (`proxy_add_x_forwarded_for`), X-Forwarded-For is whatever the client sent, then the peer
 * nginx saw; nginx itself is the engine's peer (127.0.0.1 here). Each case has a real client address of its
 * own, so that the per-address counts of one never reach another.
 */
const CASES = [
  { trustProxy: '1', realAddress: '203.0.113.1', signInAddress: '192.0.2.11' },
  { trustProxy: 'true', realAddress: '203.0.113.2', signInAddress: '192.0.2.12' },
  { trustProxy: '10.0.0.0/8, 127.0.0.1/32', realAddress: '203.0.113.3', signInAddress: '192.0.2.13' },
];

describe('TRUST_PROXY: the client address is the one the trusted proxy saw, never one the client wrote', () => {
  describe.each(CASES)('TRUST_PROXY=$trustProxy', ({ trustProxy, realAddress, signInAddress }) => {
    // Each case's engine has its own setting, so its own harness (and database).
    const harness = useHarness({ label: 'trust_proxy', env: { TRUST_PROXY: trustProxy } });
    let engine: Harness['engine'];
    let user: SignedInUser;
    let madeUp = 0;
    /** What nginx forwards: the client's own made-up entries, then the address nginx saw it come from. */
    const forwardedFrom = (address: string) => {
      madeUp++;
      return { 'x-forwarded-for': `10.${madeUp >> 8}.${madeUp & 255}.7, 198.51.100.${madeUp % 250}, ${address}` };
    };

    beforeAll(async () => {
      engine = harness.engine;
      const { accountId } = await harness.createAccount('Behind a proxy', 0);
      user = await harness.signIn({ accountId });
    });

    it(`refuses the real address after ${ADDRESS_FAILURES} failed sign-ins, whatever X-Forwarded-For entries come before it`, async () => {
      const client = new ConsoleClient(engine.url);
      for (let failure = 0; failure < ADDRESS_FAILURES; failure++) {
        const response = await client.request('POST', '/console/api/session', {
          body: { email: `guess-${failure}@example.com`, password: 'guess' },
          headers: forwardedFrom(realAddress),
        });
        expect({ failure, status: response.status }).toEqual({ failure, status: 401 });
      }
      const refused = await client.request('POST', '/console/api/session', {
        body: { email: user.email, password: user.password },
        headers: forwardedFrom(realAddress),
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

      const elsewhere = await client.request('POST', '/console/api/session', {
        body: { email: user.email, password: user.password },
        headers: forwardedFrom('192.0.2.77'),
      });
      expect(elsewhere.status).toBe(200);
    });

    it('records the real address in the sessions list, not the made-up one', async () => {
      const other = new ConsoleClient(engine.url);
      const signedIn = await other.request('POST', '/console/api/session', {
        body: { email: user.email, password: user.password },
        headers: { 'x-forwarded-for': `6.6.6.6, ${signInAddress}` },
      });
      expect(signedIn.status).toBe(200);
      const listed = await user.client.json<{ items: { id: string; current: boolean; address: string }[] }>(
        'GET',
        '/console/api/me/sessions',
      );
      expect(listed.status).toBe(200);
      const addresses = listed.body.items.filter((item) => !item.current).map((item) => item.address);
      expect(addresses).toContain(signInAddress);
      expect(addresses).not.toContain('6.6.6.6');
      expect(addresses.some((address) => address.startsWith('10.') || address.startsWith('198.51.100.'))).toBe(false);
      // The session the invite started came straight from the peer: no X-Forwarded-For, the peer's own address.
      expect(listed.body.items.find((item) => item.current)?.address).toBe('127.0.0.1');
    });
  });
});
