import 'reflect-metadata';
import { InvalidConfigError, loadEngineConfig } from './config/load-engine-config';
import { closeLogger, createLogger, resolveLogFormat } from './infrastructure/logging/create-logger';
import { startLeadTableLoad } from './modules/leads/threads/lead-table-loader';

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
  // A terminal gets short readable lines and a banner; anything else (a pipe, a file, a container) JSON lines.
  const logFormat = resolveLogFormat(config.LOG_FORMAT, 1);
  const logger = createLogger(config.LOG_LEVEL, { role: config.ENGINE_ROLE }, 1, logFormat);
  // The API's lead table loads in its thread (from its snapshot, mostly) while the engine's modules load
  // here; the engine takes the load over once it is up.
  const leadTableLoad = config.ENGINE_ROLE === 'worker' ? null : startLeadTableLoad(config, logger.child({ context: 'LeadIndex' }));
  const { checkDependencies } = await import('./infrastructure/preflight/check-dependencies');
  const problems = await checkDependencies({ databaseUrl: config.DATABASE_URL, redisUrl: config.REDIS_URL });
  if (problems.length > 0) {
    process.stderr.write(`Lead Engine cannot start.\n\n${problems.join('\n\n')}\n`);
    process.exit(1);
  }
  const { startEngine } = await import('./app/start-engine');
  const engine = await startEngine(config, { logger, leadTableLoad });
  closeGracefullyOnSignals(engine.close, logger);
  if (engine.demoAccount) logger.info({ accountId: engine.demoAccount.accountId }, 'demo account created');
  if (engine.demoOwner) logger.info({ userId: engine.demoOwner.userId }, 'demo owner created');
  // The logger's base fields carry the role already: a line that repeats a key is read differently by each parser.
  const listening = engine.listeningOn ? `Lead Engine listening on ${engine.listeningOn}` : 'Lead Engine worker running';
  const listeningFields = engine.listeningOn ? { url: engine.listeningOn } : {};
  if (logFormat === 'pretty' && engine.url) {
    const { startBanner, whenLeadTableReady } = await import('./app/start-banner');
    const colorize = process.stdout.isTTY === true && !process.env.NO_COLOR;
    // The lines logged while starting come first (they are printed in the logger's thread), then the banner.
    await new Promise<void>((resolve) => logger.flush(() => resolve()));
    process.stdout.write(startBanner(config, { ...engine, url: engine.url }, colorize));
    logger.debug(listeningFields, listening);
    whenLeadTableReady(engine, (contacts, source) =>
      process.stdout.write(`Lead table ready: ${contacts.toLocaleString('en-US')} contacts (from the ${source})\n\n`),
    );
    return;
  }
  if (engine.demoAccount) {
    process.stdout.write(
      `\nDemo account ${engine.demoAccount.accountId} — API key (shown once, keep it):\n  ${engine.demoAccount.apiKey}\n\n`,
    );
  }
  if (engine.demoOwner) {
    process.stdout.write(
      `Demo owner — sign in to the app (shown once, keep it):\n  email:    ${engine.demoOwner.email}\n  password: ${engine.demoOwner.password}\n\n`,
    );
  }
  logger.info(listeningFields, listening);
}

const SHUTDOWN_TIMEOUT_MS = 25_000;

/** SIGTERM/SIGINT: stop taking requests, let in-flight requests and jobs finish, close connections, exit 0. */
function closeGracefullyOnSignals(close: () => Promise<void>, logger: ReturnType<typeof createLogger>): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      logger.warn({ signal }, 'second signal: exiting at once');
      process.exit(1);
    }
    closing = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    close().then(
      () => {
        logger.info('shut down cleanly');
        void closeLogger(logger).then(() => process.exit(0));
      },
      (error) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

main().catch((error) => {
  process.stderr.write(`Lead Engine failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
