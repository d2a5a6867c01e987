import { dropDatabase, engineEnv } from './bench-database';
import { ENGINE_MAIN } from './engine-cli';
import { LoopbackDnsServer } from './loopback-dns-server';
import { processMemory } from './process-memory';
import { freePort, Started, startNodeProcess } from './processes';

/**
 * An engine that reads websites served on loopback, as it runs in production: api and worker in
 * processes of their own, every *.test name resolved by a loopback DNS server to the sites' address.
 */
export class ScrapingEngine {
  private constructor(
    readonly env: Record<string, string>,
    readonly api: Started,
    readonly worker: Started,
    private readonly dns: LoopbackDnsServer,
  ) {}

  /** On a new database; `extra` is added to the engine's environment. */
  static async start(database: string, sitesPort: number, extra: Record<string, string> = {}): Promise<ScrapingEngine> {
    const dns = await new LoopbackDnsServer().set('*.test', ['127.0.0.1']).start();
    await dropDatabase(database);
    const env = {
      ...engineEnv(database),
      ...extra,
      SCRAPE_ALLOW_PRIVATE_NETWORKS: 'true',
      SCRAPE_DNS_SERVERS: dns.address,
      SCRAPE_HTTP_PORT: String(sitesPort),
      SCRAPE_HTTPS_PORT: String(await freePort()),
    };
    const api = await startNodeProcess(ENGINE_MAIN, [], { ...env, ENGINE_ROLE: 'api' }, '/health', await freePort());
    try {
      // The worker says it runs at level info.
      const worker = await startNodeProcess(ENGINE_MAIN, [], { ...env, ENGINE_ROLE: 'worker', LOG_LEVEL: 'info' }, '', 0, 'worker running');
      return new ScrapingEngine(env, api, worker, dns);
    } catch (error) {
      await api.stop();
      await dns.stop();
      throw error;
    }
  }

  async memory() {
    const [worker, api] = await Promise.all([processMemory(this.worker.child.pid!), processMemory(this.api.child.pid!)]);
    return { worker, api };
  }

  async stop(): Promise<void> {
    await this.worker.stop();
    await this.api.stop();
    await this.dns.stop();
  }
}
