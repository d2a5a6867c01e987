import 'reflect-metadata';
import { startEngine } from './app/start-engine';
import { InvalidConfigError, loadEngineConfig } from './config/load-engine-config';
import { createLogger } from './infrastructure/logging/create-logger';

async function main(): Promise<void> {
  let config;
  try {
    config = loadEngineConfig();
  } catch (error) {
    if (error instanceof InvalidConfigError) {
      process.stderr.write(`Lead Engine cannot start.\n${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL, { role: config.ENGINE_ROLE });
  const engine = await startEngine(config, { logger, shutdownHooks: true });
  if (engine.demoAccount) {
    logger.info({ accountId: engine.demoAccount.accountId }, 'demo account created');
    process.stdout.write(
      `\nDemo account ${engine.demoAccount.accountId} — API key (shown once, keep it):\n  ${engine.demoAccount.apiKey}\n\n`,
    );
  }
  logger.info({ url: engine.url, role: config.ENGINE_ROLE }, engine.url ? `Lead Engine listening on ${engine.url}` : 'Lead Engine worker running');
}

main().catch((error) => {
  process.stderr.write(`Lead Engine failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
