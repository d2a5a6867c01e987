import { errorBodySchema, MeResponse } from '@lead-engine/contracts';
import { ConsoleClient, inviteUser, SignedInUser, tokenOfLink } from './support/console-session';
import { useHarness } from './support/harness';
import { until } from './support/until';

const codeOf = async (response: Response) => errorBodySchema.parse(await response.json()).code;

describe('console: people, sessions and invites over HTTP', () => {
  const harness = useHarness({ label: 'console_sessions', env: { TRUST_PROXY: 'true', SIGN_IN_BASE_WAIT_MS: '1000' } });
  let accountId: string;
  let apiKey: string;
  let owner: SignedInUser;

  // Each test that fails sign-ins does so from an address of its own (TRUST_PROXY reads X-Forwarded-For),
  // so the per-address limit of one test never reaches another.
  const from = (address: string) => ({ 'x-forwarded-for': address });

  beforeAll(async () => {
    ({ accountId, apiKey } = await harness.createAccount('Console account', 120));
    owner = await harness.signIn({ accountId, role: 'owner', name: 'Olivia Owner' });
  });

  it('invite → accept → me: the account, its balance and the role', async () => {
    expect(owner.me).toEqual({
      user: { id: owner.userId, email: owner.email, name: 'Olivia Owner', role: 'owner', operator: false },
      account: { id: accountId, name: 'Console account', balance: 120 },
    });
    const me = await owner.client.json<MeResponse>('GET', '/console/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(owner.me);
    const cookie = me.response.headers.getSetCookie();
    expect(cookie).toEqual([]);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie on Path=/, not Secure over plain HTTP', async () => {
    const client = new ConsoleClient(harness.url);
    const response = await client.request('POST', '/console/api/session', { body: { email: owner.email, password: owner.password } });
    expect(response.status).toBe(200);
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^le_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
    const secure = await fetch(`${harness.url}/console/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: harness.url, 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    expect(secure.headers.getSetCookie()[0]).toMatch(/^__Host-le_session=[^;]+;.*Secure/);
  });

  it('answers a wrong password and an unknown email alike: 401 INVALID_CREDENTIALS', async () => {
    const client = new ConsoleClient(harness.url);
    const headers = from('10.1.0.1');
    const wrong = await client.request('POST', '/console/api/session', {
      body: { email: owner.email, password: 'not the password' },
      headers,
    });
    const unknown = await client.request('POST', '/console/api/session', {
      body: { email: 'nobody@example.com', password: 'not the password' },
      headers,
    });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    const [wrongBody, unknownBody] = [await wrong.json(), await unknown.json()];
    expect(wrongBody).toEqual(unknownBody);
    expect(wrongBody.code).toBe('INVALID_CREDENTIALS');
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('reads the email trimmed and lowercased', async () => {
    const client = new ConsoleClient(harness.url);
    const signedIn = await client.signIn(`  ${owner.email.toUpperCase()} `, owner.password);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.id).toBe(owner.userId);
  });

  it('throttles an email after 5 failures: 429 with Retry-After, refusals do not count, then recovery and a reset count', async () => {
    const user = await harness.signIn({ accountId });
    const client = new ConsoleClient(harness.url);
    const headers = from('10.1.0.2');
    const attempt = (password: string) =>
      client.request('POST', '/console/api/session', { body: { email: user.email, password }, headers });
    for (let failure = 1; failure <= 5; failure++) expect((await attempt('wrong password')).status).toBe(401);
    const refused = await attempt(user.password);
    expect(refused.status).toBe(429);
    expect(await codeOf(refused)).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Refused attempts during the wait, even with the right password, neither count nor sign in.
    for (let refusal = 0; refusal < 3; refusal++) expect((await attempt(user.password)).status).toBe(429);

    const recovered = await until('the wait to end', async () => {
      const response = await attempt(user.password);
      return response.status === 429 ? undefined : response;
    });
    expect(recovered.status).toBe(200);
    // The success reset the count: four failures are free again.
    for (let failure = 1; failure <= 4; failure++) expect((await attempt('wrong password')).status).toBe(401);
  });

  it('lets no more than 5 of 20 wrong passwords sent side by side be tried before the wait', async () => {
    // An engine whose waits outlast the test, so that no attempt can be let through by a wait ending.
    const patient = await harness.startEngine({ SIGN_IN_BASE_WAIT_MS: '600000' });
    try {
      const user = await harness.signIn({ accountId });
      const client = new ConsoleClient(patient.url);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          client.request('POST', '/console/api/session', {
            body: { email: user.email, password: 'wrong password' },
            headers: from('10.1.0.9'),
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
      const refused = await client.request('POST', '/console/api/session', {
        body: { email: user.email, password: user.password },
        headers: from('10.1.0.9'),
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500);
    } finally {
      await patient.close();
    }
  });

  it('doubles the wait with a failure after a wait', async () => {
    const user = await harness.signIn({ accountId });
    const client = new ConsoleClient(harness.url);
    const headers = from('10.1.0.3');
    const attempt = (password: string) =>
      client.request('POST', '/console/api/session', { body: { email: user.email, password }, headers });
    for (let failure = 1; failure <= 5; failure++) await attempt('wrong password');
    const afterWait = await until('the first wait to end', async () => {
      const response = await attempt('wrong password');
      return response.status === 429 ? undefined : response;
    });
    expect(afterWait.status).toBe(401);
    const refused = await attempt(user.password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('refuses an address after 30 failures in 10 minutes, whatever the email', async () => {
    const client = new ConsoleClient(harness.url);
    const headers = from('10.1.0.4');
    for (let failure = 0; failure < 30; failure++) {
      const response = await client.request('POST', '/console/api/session', {
        body: { email: `guess-${failure}@example.com`, password: 'guess' },
        headers,
      });
      expect(response.status).toBe(401);
    }
    const refused = await client.request('POST', '/console/api/session', {
      body: { email: owner.email, password: owner.password },
      headers,
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const elsewhere = await client.request('POST', '/console/api/session', {
      body: { email: owner.email, password: owner.password },
      headers: from('10.1.0.5'),
    });
    expect(elsewhere.status).toBe(200);
  });

  it('starts a new session on every sign-in: a cookie sent before is never the one after (no fixation)', async () => {
    const planted = new ConsoleClient(harness.url, 'attacker-chosen-token-attacker-chosen-token');
    expect((await planted.signIn(owner.email, owner.password)).status).toBe(200);
    expect(planted.sessionToken).not.toBe('attacker-chosen-token-attacker-chosen-token');

    const before = planted.sessionToken!;
    expect((await planted.signIn(owner.email, owner.password)).status).toBe(200);
    expect(planted.sessionToken).not.toBe(before);
    // The session the cookie named before signing in again is not taken over; it is another session.
    expect((await new ConsoleClient(harness.url, before).json('GET', '/console/api/me')).status).toBe(200);
  });

  it('signs out: the session ends and the cookie is cleared', async () => {
    const client = new ConsoleClient(harness.url);
    await client.signIn(owner.email, owner.password);
    const token = client.sessionToken!;
    const signOut = await client.request('DELETE', '/console/api/session');
    expect(signOut.status).toBe(204);
    expect(signOut.headers.getSetCookie()[0]).toMatch(/^le_session=;.*Expires=Thu, 01 Jan 1970/);
    const stale = await new ConsoleClient(harness.url, token).request('GET', '/console/api/me');
    expect(stale.status).toBe(401);
    expect(await codeOf(stale)).toBe('SESSION_REQUIRED');
    // Signing out again, or without a session, is not an error.
    expect((await new ConsoleClient(harness.url, token).request('DELETE', '/console/api/session')).status).toBe(204);
  });

  it('signs out everywhere: every session of the user ends, another user keeps theirs', async () => {
    const user = await harness.signIn({ accountId });
    const laptop = new ConsoleClient(harness.url);
    await laptop.signIn(user.email, user.password);
    const everywhere = await user.client.request('DELETE', '/console/api/sessions');
    expect(everywhere.status).toBe(204);
    expect((await laptop.request('GET', '/console/api/me')).status).toBe(401);
    expect((await new ConsoleClient(harness.url, user.client.sessionToken).request('GET', '/console/api/me')).status).toBe(401);
    expect((await owner.client.request('GET', '/console/api/me')).status).toBe(200);
  });

  it('changes the name', async () => {
    const user = await harness.signIn({ accountId });
    const renamed = await user.client.json<MeResponse>('PATCH', '/console/api/me', { body: { name: '  Renata Renamed  ' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.user.name).toBe('Renata Renamed');
    const empty = await user.client.request('PATCH', '/console/api/me', { body: { name: '   ' } });
    expect(empty.status).toBe(400);
  });

  it('refuses a name with a right-to-left override (U+202E) in words: 400 VALIDATION_ERROR, and the name stays', async () => {
    const user = await harness.signIn({ accountId, name: 'Rita Before' });
    const message = 'Names cannot contain invisible or right-to-left control characters (found U+202E)';
    const refused = await user.client.request('PATCH', '/console/api/me', { body: { name: 'Rita\u202Eevil' } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: `name: ${message}`,
      details: [{ path: 'name', message }],
    });
    expect((await user.client.json<MeResponse>('GET', '/console/api/me')).body.user.name).toBe('Rita Before');
  });

  it('changes the password: a wrong current one is 401, the new one works, every other session ends and this one stays', async () => {
    const user = await harness.signIn({ accountId });
    const phone = new ConsoleClient(harness.url);
    await phone.signIn(user.email, user.password);
    const wrong = await user.client.request('PUT', '/console/api/me/password', {
      body: { current_password: 'not it at all', new_password: 'a brand new password' },
    });
    expect(wrong.status).toBe(401);
    expect(await codeOf(wrong)).toBe('INVALID_CREDENTIALS');
    const short = await user.client.request('PUT', '/console/api/me/password', {
      body: { current_password: user.password, new_password: 'short' },
    });
    expect(short.status).toBe(400);

    const changed = await user.client.request('PUT', '/console/api/me/password', {
      body: { current_password: user.password, new_password: 'a brand new password' },
    });
    expect(changed.status).toBe(204);
    expect((await user.client.request('GET', '/console/api/me')).status).toBe(200);
    expect((await phone.request('GET', '/console/api/me')).status).toBe(401);
    expect((await new ConsoleClient(harness.url).signIn(user.email, user.password)).status).toBe(401);
    expect((await new ConsoleClient(harness.url).signIn(user.email, 'a brand new password')).status).toBe(200);
    const [stored] = await harness.query('SELECT password_hash FROM users WHERE id = $1', [user.userId]);
    expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('throttles the current-password check per user as sign-in is: 429 RATE_LIMITED after 5 wrong ones, then recovery', async () => {
    const user = await harness.signIn({ accountId });
    const headers = from('10.1.0.6');
    const change = (current: string) =>
      user.client.request('PUT', '/console/api/me/password', {
        body: { current_password: current, new_password: 'another new password' },
        headers,
      });
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 12; attempt++) statuses.push((await change('a wrong guess')).status);
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    const refused = await change(user.password);
    expect(refused.status).toBe(429);
    expect(await codeOf(refused)).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Counted per user, not per address: another user from the same address is not held back.
    const other = await harness.signIn({ accountId });
    const theirs = await other.client.request('PUT', '/console/api/me/password', {
      body: { current_password: 'a wrong guess', new_password: 'another new password' },
      headers,
    });
    expect(theirs.status).toBe(401);

    const changed = await until('the wait to end', async () => {
      const response = await change(user.password);
      return response.status === 429 ? undefined : response;
    });
    expect(changed.status).toBe(204);
  });

  it("lists the user's sessions newest first, marks the current one, and ends another", async () => {
    const user = await harness.signIn({ accountId });
    const other = new ConsoleClient(harness.url);
    await other.request('POST', '/console/api/session', {
      body: { email: user.email, password: user.password },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36' },
    });
    const listed = await user.client.json('GET', '/console/api/me/sessions');
    expect(listed.status).toBe(200);
    expect(listed.body.items).toHaveLength(2);
    const [newest, oldest] = listed.body.items;
    expect(newest).toMatchObject({ current: false, browser: 'Chrome on Linux', address: '127.0.0.1' });
    expect(oldest).toMatchObject({ current: true, browser: 'Node.js' });
    expect(Date.parse(newest.created_at)).toBeGreaterThanOrEqual(Date.parse(oldest.created_at));

    expect((await user.client.request('DELETE', `/console/api/me/sessions/${newest.id}`)).status).toBe(204);
    expect((await other.request('GET', '/console/api/me')).status).toBe(401);
    expect((await user.client.json('GET', '/console/api/me/sessions')).body.items.map((item: { id: string }) => item.id)).toEqual([
      oldest.id,
    ]);
  });

  it("answers another user's session id, an unknown and a malformed one alike: 404 NOT_FOUND", async () => {
    const ownerSessions = await owner.client.json('GET', '/console/api/me/sessions');
    const user = await harness.signIn({ accountId });
    for (const id of [ownerSessions.body.items[0].id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await user.client.request('DELETE', `/console/api/me/sessions/${id}`);
      expect({ id, status: response.status, code: await codeOf(response) }).toEqual({ id, status: 404, code: 'NOT_FOUND' });
    }
    expect((await owner.client.request('GET', '/console/api/me')).status).toBe(200);
  });

  it('ends a session idle for 7 days or older than 30', async () => {
    const user = await harness.signIn({ accountId });
    await harness.query("UPDATE user_sessions SET last_seen_at = now() - interval '7 days 1 minute' WHERE user_id = $1", [user.userId]);
    expect((await user.client.request('GET', '/console/api/me')).status).toBe(401);
    await user.client.signIn(user.email, user.password);
    await harness.query("UPDATE user_sessions SET created_at = now() - interval '30 days 1 minute' WHERE user_id = $1", [user.userId]);
    expect((await user.client.request('GET', '/console/api/me')).status).toBe(401);
  });

  describe('every console endpoint', () => {
    const ID = '00000000-0000-4000-8000-000000000000';
    const signedInEndpoints: Array<[string, string, unknown?]> = [
      ['GET', '/console/api/me'],
      ['PATCH', '/console/api/me', { name: 'x' }],
      ['PUT', '/console/api/me/password', { current_password: 'x', new_password: 'xxxxxxxxxxxx' }],
      ['GET', '/console/api/me/sessions'],
      ['DELETE', `/console/api/me/sessions/${ID}`],
      ['DELETE', '/console/api/sessions'],
    ];
    const unsafeEndpoints: Array<[string, string, unknown?]> = [
      ['POST', '/console/api/session', { email: 'a@example.com', password: 'x' }],
      ['DELETE', '/console/api/session'],
      ['DELETE', '/console/api/sessions'],
      ['PATCH', '/console/api/me', { name: 'x' }],
      ['PUT', '/console/api/me/password', { current_password: 'x', new_password: 'xxxxxxxxxxxx' }],
      ['DELETE', `/console/api/me/sessions/${ID}`],
      ['POST', '/console/api/invites/some-token', { name: 'x', password: 'xxxxxxxxxxxx' }],
    ];

    it('needs a session: 401 SESSION_REQUIRED without one, or with an unknown one', async () => {
      for (const token of [null, 'no-such-session']) {
        const client = new ConsoleClient(harness.url, token);
        for (const [method, path, body] of signedInEndpoints) {
          const response = await client.request(method, path, { body });
          expect({ method, path, status: response.status, code: await codeOf(response) }).toEqual({
            method,
            path,
            status: 401,
            code: 'SESSION_REQUIRED',
          });
        }
      }
    });

    it('refuses unsafe requests from another origin, or that say neither Sec-Fetch-Site nor Origin: 403 CROSS_ORIGIN_REQUEST', async () => {
      const refusals: Array<Record<string, string | null>> = [
        { origin: 'https://evil.example' },
        { origin: harness.url.replace('127.0.0.1', 'localhost') },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site', origin: harness.url },
        { 'sec-fetch-site': 'cross-site', origin: harness.url },
        { origin: null },
      ];
      for (const [method, path, body] of unsafeEndpoints) {
        for (const headers of refusals) {
          const response = await fetch(`${harness.url}${path}`, {
            method,
            headers: {
              cookie: `le_session=${owner.client.sessionToken}`,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              ...(Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== null)) as Record<string, string>),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          expect({ method, path, headers, status: response.status, code: await codeOf(response) }).toEqual({
            method,
            path,
            headers,
            status: 403,
            code: 'CROSS_ORIGIN_REQUEST',
          });
        }
      }
      // Nothing was done: the owner is still signed in with the same name.
      expect((await owner.client.json<MeResponse>('GET', '/console/api/me')).body.user.name).toBe('Olivia Owner');
    });

    it('lets a same-origin browser request through by Sec-Fetch-Site alone', async () => {
      const response = await fetch(`${harness.url}/console/api/me`, {
        method: 'PATCH',
        headers: { cookie: `le_session=${owner.client.sessionToken}`, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ name: 'Olivia Owner' }),
      });
      expect(response.status).toBe(200);
    });

    it('refuses a form body: 400 VALIDATION_ERROR', async () => {
      for (const [method, path] of unsafeEndpoints) {
        for (const contentType of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain']) {
          const response = await owner.client.request(method, path, { headers: { 'content-type': contentType } });
          expect({ method, path, contentType, status: response.status, code: await codeOf(response) }).toEqual({
            method,
            path,
            contentType,
            status: 400,
            code: 'VALIDATION_ERROR',
          });
        }
      }
    });
  });

  it('never lets a session cookie authenticate /api/v1: 401 there, while the API key still works', async () => {
    const withCookie = await fetch(`${harness.url}/api/v1/credits`, { headers: { cookie: `le_session=${owner.client.sessionToken}` } });
    expect(withCookie.status).toBe(401);
    expect(await codeOf(withCookie)).toBe('AUTH_REQUIRED');
    expect((await fetch(`${harness.url}/api/v1/credits`, { headers: { 'x-api-key': apiKey } })).status).toBe(200);
  });

  describe('invites', () => {
    it('shows what an invite is for, and answers 410 INVITE_INVALID once it is used', async () => {
      const invited = await inviteUser(harness.environment, { accountId });
      const client = new ConsoleClient(harness.url);
      const view = await client.json('GET', `/console/api/invites/${invited.token}`);
      expect(view.status).toBe(200);
      expect(view.body).toEqual({
        email: invited.email,
        account_name: 'Console account',
        purpose: 'invite',
        expires_at: invited.expiresAt,
      });
      expect(Date.parse(invited.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

      const noName = await client.request('POST', `/console/api/invites/${invited.token}`, { body: { password: 'long enough password' } });
      expect(noName.status).toBe(400);
      const accepted = await client.json<MeResponse>('POST', `/console/api/invites/${invited.token}`, {
        body: { name: 'Mia Member', password: 'long enough password' },
      });
      expect(accepted.status).toBe(200);
      expect(accepted.body.user).toMatchObject({ email: invited.email, name: 'Mia Member', role: 'member', operator: false });
      expect((await client.json('GET', '/console/api/me')).status).toBe(200);

      for (const method of ['GET', 'POST']) {
        const again = await new ConsoleClient(harness.url).request(method, `/console/api/invites/${invited.token}`, {
          body: method === 'POST' ? { name: 'Mallory', password: 'another long password' } : undefined,
        });
        expect({ method, status: again.status, code: await codeOf(again) }).toEqual({ method, status: 410, code: 'INVITE_INVALID' });
      }
    });

    it('answers 410 INVITE_INVALID for an expired or unknown invite', async () => {
      const invited = await inviteUser(harness.environment, { accountId });
      await harness.query("UPDATE user_invites SET expires_at = now() - interval '1 second' WHERE user_id = $1", [invited.userId]);
      for (const token of [invited.token, 'no-such-token']) {
        for (const method of ['GET', 'POST']) {
          const response = await new ConsoleClient(harness.url).request(method, `/console/api/invites/${token}`, {
            body: method === 'POST' ? { name: 'Late', password: 'long enough password' } : undefined,
          });
          expect({ token, method, status: response.status, code: await codeOf(response) }).toEqual({
            token,
            method,
            status: 410,
            code: 'INVITE_INVALID',
          });
        }
      }
    });

    it('makes an operator without an account, and refuses an email that exists: USER_EXISTS, exit 1', async () => {
      const operator = await harness.signIn({ operator: true });
      expect(operator.me).toMatchObject({ user: { role: null, operator: true }, account: null });
      const again = await harness.cli(['users:invite', '--account', accountId, '--email', operator.email.toUpperCase(), '--json']);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(`a user with the email ${operator.email} exists`);
      const noAccount = await harness.cli(['users:invite', '--email', 'lonely@example.com', '--json']);
      expect(noAccount.code).toBe(1);
    });

    it('resets a password through users:reset-password: the link sets a new one and ends every other session', async () => {
      const user = await harness.signIn({ accountId, name: 'Forgetful Fred' });
      const result = await harness.cli(['users:reset-password', '--email', user.email, '--json']);
      expect(result.code).toBe(0);
      const reset = JSON.parse(result.stdout) as { userId: string; resetUrl: string; expiresAt: string };
      expect(reset.userId).toBe(user.userId);
      expect(reset.resetUrl).toMatch(/^http:\/\/localhost:0\/app\/invite\/[A-Za-z0-9_-]{43}$/);
      const client = new ConsoleClient(harness.url);
      const view = await client.json('GET', `/console/api/invites/${tokenOfLink(reset.resetUrl)}`);
      expect(view.body).toMatchObject({ purpose: 'reset', email: user.email });
      const accepted = await client.json<MeResponse>('POST', `/console/api/invites/${tokenOfLink(reset.resetUrl)}`, {
        body: { name: 'Ignored', password: 'the reset password' },
      });
      expect(accepted.status).toBe(200);
      expect(accepted.body.user.name).toBe('Forgetful Fred');
      expect((await user.client.request('GET', '/console/api/me')).status).toBe(401);
      expect((await new ConsoleClient(harness.url).signIn(user.email, 'the reset password')).status).toBe(200);
      const unknown = await harness.cli(['users:reset-password', '--email', 'nobody@example.com']);
      expect(unknown.code).toBe(1);
    });
  });
});

describe('console: the demo owner', () => {
  const harness = useHarness({ label: 'console_demo_owner', engine: 'none' });

  it('is created with a random password on the first `npm start`, printed once beside the demo key, and signs in', async () => {
    const first = await harness.spawnEngine({ DEMO_DATA: 'true' });
    let password: string;
    let email: string;
    try {
      // Printed once the engine is up, which /health may tell a moment before.
      const output = await until('the demo sign-in to be printed', async () =>
        first.output().includes('password: ') ? first.output() : undefined,
      );
      expect(output).toContain('API key (shown once, keep it)');
      const match = /Demo owner — sign in to the app \(shown once, keep it\):\n {2}email: {4}(\S+)\n {2}password: (\S+)/.exec(output);
      expect(match).not.toBeNull();
      [, email, password] = match!;
      const signedIn = await new ConsoleClient(first.url).signIn(email, password);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body).toMatchObject({ user: { role: 'owner', operator: true }, account: { name: 'Demo account' } });
    } finally {
      await first.stop();
    }
    const second = await harness.spawnEngine({ DEMO_DATA: 'true' });
    try {
      expect(second.output()).not.toContain('Demo owner');
    } finally {
      await second.stop();
    }
  });
});
