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
