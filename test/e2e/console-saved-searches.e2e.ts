import { errorBodySchema, MAX_SAVED_SEARCHES, SavedSearch, SavedSearchList } from '@lead-engine/contracts';
import { expectConsoleGuards } from './support/console-guards';
import { SignedInUser } from './support/console-session';
import { useHarness } from './support/harness';

const codeOf = async (response: Response) => errorBodySchema.parse(await response.json()).code;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('console: saved searches of the Leads page over HTTP', () => {
  const harness = useHarness({ label: 'console_saved_searches' });
  let accountId: string;
  let owner: SignedInUser;
  let member: SignedInUser;
  let outsider: SignedInUser;

  beforeAll(async () => {
    ({ accountId } = await harness.createAccount('Searches account', 0));
    owner = await harness.signIn({ accountId, role: 'owner', name: 'Olivia Owner' });
    member = await harness.signIn({ accountId, role: 'member', name: 'Max Member' });
    const other = await harness.createAccount('Other account', 0);
    outsider = await harness.signIn({ accountId: other.accountId, role: 'owner', name: 'Otto Other' });
  });

  const list = async (user: SignedInUser) => {
    const listed = await user.client.json<SavedSearchList>('GET', '/console/api/saved-searches');
    expect(listed.status).toBe(200);
    return listed.body.searches;
  };
  const create = async (user: SignedInUser, name: string, filters: Record<string, unknown> = {}) => {
    const created = await user.client.json<SavedSearch>('POST', '/console/api/saved-searches', { body: { name, filters } });
    expect(created.status).toBe(201);
    return created.body;
  };
  const stored = (id: string) => harness.query('SELECT name, filters, created_by FROM saved_searches WHERE id = $1', [id]);

  it('create → list by name → rename → delete → 404 after; the filters come back as the contract parsed them', async () => {
    const created = await create(owner, '  German CTOs  ', { country: 'de', jobTitles: ['CTO', 'VP Engineering'], maxPerCompany: 2 });
    const filters = { country: ['de'], jobTitles: ['CTO', 'VP Engineering'], maxPerCompany: 2, exactMatch: false, matchAny: true };
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'German CTOs',
      filters,
      created_at: expect.any(String),
      created_by: { id: owner.userId, name: 'Olivia Owner' },
    });
    expect(Math.abs(Date.parse(created.created_at) - Date.now())).toBeLessThan(60_000);
    expect(await stored(created.id)).toEqual([{ name: 'German CTOs', filters, created_by: owner.userId }]);

    const banks = await create(owner, 'banks in france', { industryNames: ['Banking'], countryCodes: ['FR'], exactMatch: true });
    const agencies = await create(owner, 'Agencies', { includeKeywords: ['agency'], matchAny: false });
    const searches = await list(owner);
    expect(searches.map((search) => search.name)).toEqual(['Agencies', 'banks in france', 'German CTOs']);
    expect(searches.find((search) => search.id === created.id)).toEqual(created);
    expect(searches.find((search) => search.id === banks.id)!.filters).toEqual({
      industryNames: ['Banking'],
      countryCodes: ['FR'],
      exactMatch: true,
      matchAny: true,
    });

    const renamed = await owner.client.json<SavedSearch>('PATCH', `/console/api/saved-searches/${created.id}`, {
      body: { name: ' ctos, DE ' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...created, name: 'ctos, DE' });
    expect((await list(owner)).map((search) => search.name)).toEqual(['Agencies', 'banks in france', 'ctos, DE']);

    const deleted = await owner.client.request('DELETE', `/console/api/saved-searches/${created.id}`);
    expect([deleted.status, await deleted.text()]).toEqual([204, '']);
    expect((await list(owner)).map((search) => search.id)).toEqual([agencies.id, banks.id]);
    expect(await stored(created.id)).toEqual([]);
    for (const [method, body] of [
      ['PATCH', { name: 'Back' }],
      ['DELETE', undefined],
    ] as const) {
      const after = await owner.client.request(method, `/console/api/saved-searches/${created.id}`, { body });
      expect([method, after.status, await codeOf(after)]).toEqual([method, 404, 'NOT_FOUND']);
    }
    for (const search of [agencies, banks])
      expect((await owner.client.request('DELETE', `/console/api/saved-searches/${search.id}`)).status).toBe(204);
  });

  it('keeps each name once per account, ignoring case: a taken name is 409 SAVED_SEARCH_NAME_TAKEN on save and rename', async () => {
    const taken = {
      error: 'A saved search with this name already exists',
      code: 'SAVED_SEARCH_NAME_TAKEN',
      message: 'A saved search with this name already exists; choose another name.',
    };
    const first = await create(owner, 'Berlin CTOs', { country: 'de' });
    const other = await create(member, 'Paris CTOs');
    for (const name of ['Berlin CTOs', 'berlin ctos', '  BERLIN CTOS  ']) {
      const again = await member.client.request('POST', '/console/api/saved-searches', { body: { name, filters: {} } });
      expect({ name, status: again.status, body: await again.json() }).toEqual({ name, status: 409, body: taken });
    }
    const onto = await owner.client.request('PATCH', `/console/api/saved-searches/${other.id}`, { body: { name: 'BERLIN ctos' } });
    expect([onto.status, await onto.json()]).toEqual([409, taken]);
    expect((await list(owner)).map((search) => search.name)).toEqual(['Berlin CTOs', 'Paris CTOs']);

    // Its own name in other letters is no clash; another account may have the name too.
    const recased = await owner.client.json<SavedSearch>('PATCH', `/console/api/saved-searches/${first.id}`, {
      body: { name: 'BERLIN ctos' },
    });
    expect([recased.status, recased.body.name]).toEqual([200, 'BERLIN ctos']);
    const same = await owner.client.json<SavedSearch>('PATCH', `/console/api/saved-searches/${first.id}`, {
      body: { name: 'BERLIN ctos' },
    });
    expect(same.status).toBe(200);
    const theirs = await create(outsider, 'Berlin CTOs');
    expect(await list(outsider)).toEqual([theirs]);

    // Two saves of one new name at once: one is saved, the other refused in words (not a 500).
    const raced = await Promise.all(
      [owner, member].map((user) =>
        user.client.request('POST', '/console/api/saved-searches', { body: { name: 'Racing name', filters: {} } }),
      ),
    );
    expect(raced.map((response) => response.status).sort()).toEqual([201, 409]);
    expect(await raced.find((response) => response.status === 409)!.json()).toEqual(taken);
    expect(
      await harness.query("SELECT count(*)::int AS n FROM saved_searches WHERE account_id = $1 AND lower(name) = 'racing name'", [
        accountId,
      ]),
    ).toEqual([{ n: 1 }]);

    for (const search of await list(owner))
      expect((await owner.client.request('DELETE', `/console/api/saved-searches/${search.id}`)).status).toBe(204);
    expect((await outsider.client.request('DELETE', `/console/api/saved-searches/${theirs.id}`)).status).toBe(204);
  });

  it("lets a member see, rename and delete the owner's search (the account's, not the owner's)", async () => {
    const owners = await create(owner, 'Owner saved this', { seniorities: ['Director'] });
    const seen = (await list(member)).find((search) => search.id === owners.id);
    expect(seen).toEqual(owners);
    expect(seen!.created_by).toEqual({ id: owner.userId, name: 'Olivia Owner' });

    const renamed = await member.client.json<SavedSearch>('PATCH', `/console/api/saved-searches/${owners.id}`, {
      body: { name: 'Member renamed it' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...owners, name: 'Member renamed it' });
    expect((await list(owner)).find((search) => search.id === owners.id)!.name).toBe('Member renamed it');

    const deleted = await member.client.request('DELETE', `/console/api/saved-searches/${owners.id}`);
    expect(deleted.status).toBe(204);
    expect((await list(owner)).map((search) => search.id)).not.toContain(owners.id);
  });

  it("answers another account's search, an unknown and a malformed id alike (404 NOT_FOUND), and never lists them", async () => {
    const theirs = await create(outsider, 'Not yours', { departments: ['Sales'] });
    const ours = await create(owner, 'Ours');
    const bodies: string[] = [];
    for (const id of [theirs.id, UNKNOWN_ID, 'not-a-uuid']) {
      for (const [method, body] of [
        ['PATCH', { name: 'Taken' }],
        ['DELETE', undefined],
      ] as const) {
        const response = await owner.client.request(method, `/console/api/saved-searches/${id}`, { body });
        expect({ id, method, status: response.status }).toEqual({ id, method, status: 404 });
        bodies.push(await response.text());
      }
    }
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0])).toEqual({ error: 'Not found', code: 'NOT_FOUND', message: 'No such saved search.' });
    expect(await list(outsider)).toEqual([theirs]);
    expect((await list(owner)).map((search) => search.id)).toEqual([ours.id]);
    expect((await list(member)).map((search) => search.id)).toEqual([ours.id]);
    expect((await owner.client.request('DELETE', `/console/api/saved-searches/${ours.id}`)).status).toBe(204);
  });

  it('refuses a blank name, a name of 101 characters and a bad filter with 400 VALIDATION_ERROR, and writes nothing', async () => {
    const search = await create(owner, 'Valid');
    const refusals: Array<[string, string, unknown]> = [
      ['POST', '/console/api/saved-searches', { name: '   ', filters: {} }],
      ['POST', '/console/api/saved-searches', { name: 'x'.repeat(101), filters: {} }],
      ['POST', '/console/api/saved-searches', { name: 'No filters' }],
      ['POST', '/console/api/saved-searches', { name: 'Negative', filters: { maxPerCompany: -1 } }],
      ['POST', '/console/api/saved-searches', { name: 'Unknown key', filters: { industy: ['Banking'] } }],
      ['POST', '/console/api/saved-searches', { name: 'Wrong type', filters: { exactMatch: 'yes' } }],
      ['PATCH', `/console/api/saved-searches/${search.id}`, { name: '' }],
      ['PATCH', `/console/api/saved-searches/${search.id}`, { name: 'y'.repeat(101) }],
    ];
    for (const [method, path, body] of refusals) {
      const response = await owner.client.request(method, path, { body });
      expect({ body, status: response.status, code: await codeOf(response) }).toEqual({ body, status: 400, code: 'VALIDATION_ERROR' });
    }
    // 100 characters is still a name.
    const longest = await create(owner, 'z'.repeat(100));
    expect((await list(owner)).map((item) => item.name)).toEqual(['Valid', 'z'.repeat(100)]);
    for (const item of [search, longest])
      expect((await owner.client.request('DELETE', `/console/api/saved-searches/${item.id}`)).status).toBe(204);
  });

  it('refuses a name with a right-to-left override (U+202E) in words, on save and rename: 400 VALIDATION_ERROR, nothing written', async () => {
    const message = 'Names cannot contain invisible or right-to-left control characters (found U+202E)';
    const search = await create(owner, 'Plain');
    for (const [method, path, body] of [
      ['POST', '/console/api/saved-searches', { name: 'CTOs\u202Eevil', filters: {} }],
      ['PATCH', `/console/api/saved-searches/${search.id}`, { name: 'CTOs\u202Eevil' }],
    ] as const) {
      const response = await owner.client.request(method, path, { body });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: `name: ${message}`,
        details: [{ path: 'name', message }],
      });
    }
    const after = await list(owner);
    expect(after.filter((item) => item.name.includes('\u202E'))).toEqual([]);
    expect(after.find((item) => item.id === search.id)?.name).toBe('Plain');
    expect((await owner.client.request('DELETE', `/console/api/saved-searches/${search.id}`)).status).toBe(204);
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} per account: the next is 409 TOO_MANY_SAVED_SEARCHES and nothing is written, also when racing`, async () => {
    const full = await harness.createAccount('Full account', 0);
    const fullOwner = await harness.signIn({ accountId: full.accountId, role: 'owner' });
    await harness.query(
      `INSERT INTO saved_searches (id, account_id, name, filters, created_by)
       SELECT gen_random_uuid(), $1, 'Search ' || lpad(n::text, 3, '0'), '{"exactMatch":false,"matchAny":true}'::jsonb, $2
       FROM generate_series(1, $3::int) n`,
      [full.accountId, fullOwner.userId, MAX_SAVED_SEARCHES - 2],
    );
    // Three at once for the last two places: exactly two are saved.
    const raced = await Promise.all(
      ['Race A', 'Race B', 'Race C'].map((name) =>
        fullOwner.client.request('POST', '/console/api/saved-searches', { body: { name, filters: {} } }),
      ),
    );
    expect(raced.map((response) => response.status).sort()).toEqual([201, 201, 409]);
    const refusedRace = raced.find((response) => response.status === 409)!;
    expect(await refusedRace.json()).toEqual({
      error: 'The account has as many saved searches as it may keep',
      code: 'TOO_MANY_SAVED_SEARCHES',
      message: `An account keeps at most ${MAX_SAVED_SEARCHES} saved searches; delete one to save another.`,
    });
    const count = async () =>
      (await harness.query('SELECT count(*)::int AS n FROM saved_searches WHERE account_id = $1', [full.accountId]))[0].n;
    expect(await count()).toBe(MAX_SAVED_SEARCHES);
    expect(await list(fullOwner)).toHaveLength(MAX_SAVED_SEARCHES);

    const refused = await fullOwner.client.request('POST', '/console/api/saved-searches', { body: { name: 'One too many', filters: {} } });
    expect([refused.status, await codeOf(refused)]).toEqual([409, 'TOO_MANY_SAVED_SEARCHES']);
    expect(await count()).toBe(MAX_SAVED_SEARCHES);
    expect(await harness.query("SELECT 1 FROM saved_searches WHERE name = 'One too many'")).toEqual([]);

    // Other accounts are not counted against it, and deleting one makes room again.
    const elsewhere = await create(owner, 'Unaffected');
    const [oldest] = await list(fullOwner);
    expect((await fullOwner.client.request('DELETE', `/console/api/saved-searches/${oldest.id}`)).status).toBe(204);
    await create(fullOwner, 'Room again');
    expect(await count()).toBe(MAX_SAVED_SEARCHES);
    expect((await owner.client.request('DELETE', `/console/api/saved-searches/${elsewhere.id}`)).status).toBe(204);
  });

  it('keeps a search when the user who saved it is removed from the team: it still names them, marked removed', async () => {
    const leaving = await harness.signIn({ accountId, role: 'member', name: 'Lea Leaving' });
    const theirs = await create(leaving, 'Saved by Lea', { countryCodes: ['IT'] });
    expect(theirs.created_by).toEqual({ id: leaving.userId, name: 'Lea Leaving' });

    const removed = await owner.client.request('DELETE', `/console/api/team/${leaving.userId}`);
    expect(removed.status).toBe(204);
    const kept = (await list(owner)).find((search) => search.id === theirs.id);
    expect(kept).toEqual({ ...theirs, created_by: { id: leaving.userId, name: 'Lea Leaving (removed)' } });
    expect(await stored(theirs.id)).toEqual([{ name: 'Saved by Lea', filters: theirs.filters, created_by: leaving.userId }]);
    expect((await owner.client.request('DELETE', `/console/api/saved-searches/${theirs.id}`)).status).toBe(204);
  });

  it('guards every endpoint: no session → 401 SESSION_REQUIRED, no account → 403 FORBIDDEN, cross-origin → 403, form body → 4xx', async () => {
    const search = await create(owner, 'Guarded', { countryCodes: ['ES'] });
    const operator = await harness.signIn({ operator: true });
    await expectConsoleGuards(
      owner.client,
      [
        { method: 'GET', path: '/console/api/saved-searches' },
        { method: 'POST', path: '/console/api/saved-searches', body: { name: 'Nope', filters: {} } },
        { method: 'PATCH', path: `/console/api/saved-searches/${search.id}`, body: { name: 'Nope' } },
        { method: 'DELETE', path: `/console/api/saved-searches/${search.id}` },
      ],
      { noAccount: operator.client },
    );
    expect(await list(owner)).toEqual([search]);
    expect((await owner.client.request('DELETE', `/console/api/saved-searches/${search.id}`)).status).toBe(204);
  });
});
