import { InvalidConfigError, loadEngineConfig } from './load-engine-config';

describe('loadEngineConfig', () => {
  it('applies the contract defaults', () => {
    const config = loadEngineConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/lead_engine',
      REDIS_URL: 'redis://127.0.0.1:6379',
      DEMO_DATA: true,
      DEMO_CONTACT_COUNT: 100_000,
      ENGINE_ROLE: 'all',
      RATE_LIMIT_RPS: 10,
      RATE_LIMIT_BURST: 20,
      AI_PROVIDER: 'local',
      SCRAPE_ALLOW_PRIVATE_NETWORKS: false,
      SCRAPE_RESPECT_ROBOTS: true,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: false,
    });
    expect(loadEngineConfig({}).WEBHOOK_ALLOWED_NETWORKS).toBeUndefined();
  });

  it("keeps the webhook networks apart from the scraper's, and takes only CIDR lists", () => {
    const scrapeOpen = loadEngineConfig({ SCRAPE_ALLOW_PRIVATE_NETWORKS: 'true', SCRAPE_ALLOWED_NETWORKS: '127.0.0.1/32' });
    expect(scrapeOpen).toMatchObject({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: false });
    expect(scrapeOpen.WEBHOOK_ALLOWED_NETWORKS).toBeUndefined();
    expect(loadEngineConfig({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'yes', WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32, fd00::/8' })).toMatchObject({
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: true,
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32, fd00::/8',
    });
    expect(() => loadEngineConfig({ WEBHOOK_ALLOWED_NETWORKS: 'localhost' })).toThrow(
      /WEBHOOK_ALLOWED_NETWORKS: comma-separated CIDR ranges/,
    );
  });

  it('lists every problem at once', () => {
    let caught: unknown;
    try {
      loadEngineConfig({ PORT: 'eighty', ENGINE_ROLE: 'both', DEMO_DATA: 'maybe', DEMO_CONTACT_COUNT: '-5', AI_PROVIDER: 'openai' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidConfigError);
    const problems = (caught as InvalidConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/ENGINE_ROLE/);
    expect(problems).toMatch(/DEMO_DATA/);
    expect(problems).toMatch(/DEMO_CONTACT_COUNT/);
    expect(problems).toMatch(/AI_BASE_URL/);
  });

  it('trusts no proxy by default, one hop for true, a hop count, or the listed proxies, never every hop', () => {
    expect(loadEngineConfig({}).TRUST_PROXY).toBe(false);
    expect(loadEngineConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadEngineConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadEngineConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadEngineConfig({ TRUST_PROXY: 'YES' }).TRUST_PROXY).toBe(1);
    expect(loadEngineConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEngineConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEngineConfig({ TRUST_PROXY: '10.0.0.5, 10.20.0.0/16,fd00::/8, ::1, loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '10.20.0.0/16',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it('names each TRUST_PROXY entry that is not an address or range, at start', () => {
    for (const [value, wrong] of [
      ['10.0.0.0/33', '"10.0.0.0/33"'],
      ['10.0.0.5, 10.0.0.256', '"10.0.0.256"'],
      ['fd00::/129', '"fd00::/129"'],
      ['10.0.0.0/8/8', '"10.0.0.0/8/8"'],
      ['proxy.internal', '"proxy.internal"'],
      ['10.0.0.5,,10.0.0.6', '""'],
      ['-1', '"-1"'],
      ['1.5', '"1.5"'],
      ['10.0.0.0/x, everything', '"10.0.0.0/x", "everything"'],
    ]) {
      let error: unknown;
      try {
        loadEngineConfig({ TRUST_PROXY: value });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(InvalidConfigError);
      const [problem, ...others] = (error as InvalidConfigError).problems;
      expect(others).toEqual([]);
      expect(problem).toMatch(/^TRUST_PROXY: must be false, true \(one proxy\), a number of proxies, or their addresses/);
      expect(problem.endsWith(`not an address or range: ${wrong}`)).toBe(true);
    }
  });

  it('treats blank values as unset and parses flags', () => {
    expect(loadEngineConfig({ PORT: ' ', DEMO_DATA: 'false' })).toMatchObject({ PORT: 3000, DEMO_DATA: false });
  });

  it('keeps lead table snapshots under the working directory unless told a directory or off', () => {
    expect(loadEngineConfig({}).LEAD_SNAPSHOT_DIR).toBe('.lead-engine/snapshots');
    expect(loadEngineConfig({ LEAD_SNAPSHOT_DIR: ' ' }).LEAD_SNAPSHOT_DIR).toBe('.lead-engine/snapshots');
    expect(loadEngineConfig({ LEAD_SNAPSHOT_DIR: '/var/lib/lead-engine' }).LEAD_SNAPSHOT_DIR).toBe('/var/lib/lead-engine');
    expect(loadEngineConfig({ LEAD_SNAPSHOT_DIR: 'off' }).LEAD_SNAPSHOT_DIR).toBeNull();
    expect(loadEngineConfig({ LEAD_SNAPSHOT_DIR: 'OFF' }).LEAD_SNAPSHOT_DIR).toBeNull();
  });

  it('takes a webhook secrets key only as the base64 of 32 bytes, and a key file otherwise', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadEngineConfig({ WEBHOOK_SECRETS_KEY: key })).toMatchObject({ WEBHOOK_SECRETS_KEY: key });
    expect(loadEngineConfig({}).WEBHOOK_SECRETS_KEY).toBeUndefined();
    expect(loadEngineConfig({}).WEBHOOK_SECRETS_KEY_FILE).toBe('.lead-engine/webhook-secrets.key');
    for (const wrong of [Buffer.alloc(16).toString('base64'), 'not base64 at all!', `${key}AAAA`]) {
      expect(() => loadEngineConfig({ WEBHOOK_SECRETS_KEY: wrong })).toThrow(/WEBHOOK_SECRETS_KEY: must be the base64 of 32 random bytes/);
    }
  });
});
