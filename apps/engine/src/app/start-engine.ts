import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import fastifyCookie from '@fastify/cookie';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { getQueueToken } from '@nestjs/bull';
import { API_OPERATIONS, type ApiOperation, QUEUE_NAMES, routeOf } from '@lead-engine/contracts';
import type { Queue } from 'bull';
import { DomainError } from '@lead-engine/core';
import type { AddressInfo } from 'node:net';
import type { Logger as PinoLogger } from 'pino';
import type { EngineConfig } from '../config/engine-config.schema';
import { parseInput } from '../infrastructure/http/parse-input';
import { answerClientError, answerFrameworkError } from '../infrastructure/http/client-error-handler';
import { installConsoleRequestChecks } from '../infrastructure/http/console-request-checks';
import { installJsonBodyParser } from '../infrastructure/http/json-body-parser';
import { installRequestPipeline } from '../infrastructure/http/install-request-pipeline';
import { installOperationAccess } from '../infrastructure/http/operation-access';
import { installMultipartUploads, uploadRoutesOf } from '../infrastructure/http/multipart-upload';
import { ENRICHMENT_UPLOAD_READERS } from '../modules/enrichment/enrichment-upload-readers';
import { ContactImportUploads } from '../modules/operator/contact-imports/contact-import-uploads';
import { installRouteBodyLimits } from '../infrastructure/http/route-body-limits';
import { RateLimiter } from '../infrastructure/http/rate-limiter';
import { rewriteRequestTarget } from '../infrastructure/http/request-target';
import { serveConsoleApp } from '../infrastructure/http/serve-console-app';
import { requestIdOf } from '../infrastructure/http/request-id';
import { installCloseOnUnreadBody, slowClientServerOptions } from '../infrastructure/http/slow-client-limits';
import { createLogger, PinoNestLogger } from '../infrastructure/logging/create-logger';
import { EngineMetrics } from '../infrastructure/metrics/engine-metrics';
import { AuthenticateApiKeyUseCase } from '../modules/accounts/use-cases/authenticate-api-key.use-case';
import { CreatedAccount } from '../modules/onboarding/create-account.use-case';
import { EnsureDemoAccountUseCase } from '../modules/onboarding/ensure-demo-account.use-case';
import { EnsureDemoContactsUseCase } from '../modules/contacts/use-cases/ensure-demo-contacts.use-case';
import { LeadIndex } from '../modules/leads/lead-index';
import { McpServerFactory } from '../modules/mcp/mcp-server.factory';
import { MetricsEndpoint } from '../modules/metrics/metrics-endpoint';
import { mountMetricsRoute, serveWorkerMetrics } from '../modules/metrics/serve-metrics';
import { mountMcpEndpoint } from '../modules/mcp/mount-mcp-endpoint';
import { mountQueuesDashboard } from '../modules/queues-dashboard/mount-queues-dashboard';
import { consoleCallerCheck } from '../modules/identity/console-caller-check';
import { SessionAuthentication } from '../modules/identity/session-authentication';
import { DemoOwner, EnsureDemoOwnerUseCase } from '../modules/users/use-cases/ensure-demo-owner.use-case';
import type { LeadTableLoader } from '../modules/leads/threads/lead-table-loader';
import { EngineModule, servesHttp } from './engine.module';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export interface RunningEngine {
  app: INestApplicationContext;
  /** Base URL of the HTTP API, or null for a worker: a loopback address when it listens on every interface. */
  url: string | null;
  /** The address the HTTP server listens on, as a URL (http://0.0.0.0:3000), or null for a worker. */
  listeningOn: string | null;
  /** A worker's own /metrics server (METRICS_PORT), else null. */
  metricsUrl: string | null;
  demoAccount: CreatedAccount | null;
  /** The demo account's owner and password, on the start that created them. */
  demoOwner: DemoOwner | null;
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: PinoLogger;
  /** A load of the lead table started before the engine, which its lead index takes over. */
  leadTableLoad?: LeadTableLoader | null;
}

export async function startEngine(config: EngineConfig, options: StartOptions = {}): Promise<RunningEngine> {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL, { role: config.ENGINE_ROLE });
  const nestLogger = new PinoNestLogger(logger);
  const app = servesHttp(config) ? await createHttpApp(config, logger, nestLogger) : await createWorkerContext(config, nestLogger);

  let demoAccount: CreatedAccount | null = null;
  let demoOwner: DemoOwner | null = null;
  if (config.DEMO_DATA) {
    const startedAt = Date.now();
    const generated = await app.get(EnsureDemoContactsUseCase).execute(config.DEMO_CONTACT_COUNT);
    if (generated > 0) logger.info({ contacts: generated, ms: Date.now() - startedAt }, 'demo contacts generated');
  }
  // The key and sign-in are printed once, by whoever creates them: the role people read the logs of
  // (compose's api) must win that race against a worker started beside it, so a worker never creates them.
  if (config.DEMO_DATA && servesHttp(config)) {
    demoAccount = await app.get(EnsureDemoAccountUseCase).execute();
    demoOwner = await app.get(EnsureDemoOwnerUseCase).execute();
  }

  // The API loads its lead table at boot, not on the first request; /ready says when it is done.
  if (servesHttp(config)) app.get(LeadIndex).startLoading(options.leadTableLoad ?? null);

  let url: string | null = null;
  let listeningOn: string | null = null;
  if (servesHttp(config)) {
    const http = app as NestFastifyApplication;
    await http.listen(config.PORT, config.HOST);
    const address = http.getHttpServer().address() as AddressInfo;
    url = `http://${config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST}:${address.port}`;
    listeningOn = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  }
  if (!servesHttp(config) && config.METRICS && config.METRICS_PORT !== undefined) {
    const metrics = await serveWorkerMetrics(app.get(MetricsEndpoint), config.METRICS_PORT, config.HOST);
    const close = async () => {
      await new Promise<void>((resolve) => metrics.server.close(() => resolve()));
      await app.close();
    };
    return { app, url, listeningOn, metricsUrl: metrics.url, demoAccount, demoOwner, close };
  }
  return { app, url, listeningOn, metricsUrl: null, demoAccount, demoOwner, close: () => app.close() };
}

async function createHttpApp(config: EngineConfig, logger: PinoLogger, nestLogger: PinoNestLogger) {
  const adapter = new FastifyAdapter({
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // Routing and every check see an origin-form target, however the request line spelled it.
    rewriteUrl: rewriteRequestTarget,
    requestIdHeader: false,
    genReqId: requestIdOf,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    // Above the 16 KB header limit: a long path parameter reaches its route, after authentication, and is answered as that route answers a bad id.
    routerOptions: { maxParamLength: 64 * 1024 },
    return503OnClosing: true,
    ...slowClientServerOptions(config),
  });
  const app = await NestFactory.create<NestFastifyApplication>(EngineModule.register(config), adapter, {
    logger: nestLogger,
    abortOnError: false,
    bodyParser: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  installRequestPipeline(fastify, {
    rateLimiter: app.get(RateLimiter),
    authenticate: app.get(AuthenticateApiKeyUseCase),
    logger,
    metrics: app.get(EngineMetrics),
  });
  const uploads = uploadRoutesOf(API_OPERATIONS, { ...ENRICHMENT_UPLOAD_READERS, ...app.get(ContactImportUploads).readers() });
  installConsoleRequestChecks(fastify, uploads);
  await fastify.register(fastifyCookie);
  installJsonBodyParser(fastify, JSON_BODY_LIMIT_BYTES);
  installRouteBodyLimits(fastify, API_OPERATIONS);
  installCloseOnUnreadBody(fastify);
  installOperationAccess(fastify, API_OPERATIONS, consoleCallerCheck(app.get(SessionAuthentication)));
  await installMultipartUploads(fastify, uploads);
  await serveConsoleApp(fastify);
  await mountQueuesDashboard(fastify, {
    queues: Object.values(QUEUE_NAMES).map((name) => app.get<Queue>(getQueueToken(name), { strict: false })),
    sessions: app.get(SessionAuthentication),
  });
  await app.init();
  if (config.METRICS) mountMetricsRoute(fastify, app.get(MetricsEndpoint));
  mountMcpEndpoint(fastify, {
    factory: app.get(McpServerFactory),
    authenticate: app.get(AuthenticateApiKeyUseCase),
    rateLimiter: app.get(RateLimiter),
    config,
    logger,
  });

  // Endpoints whose issue has not landed yet are routed, documented, authenticated and validated, and say so.
  const operations: readonly ApiOperation[] = API_OPERATIONS;
  for (const operation of operations) {
    const [method, url] = routeOf(operation).split(' ') as ['GET' | 'POST', string];
    if (operation.retired || fastify.hasRoute({ method, url })) continue;
    fastify.route({
      method,
      url,
      handler: async (request) => {
        if (operation.query) parseInput(operation.query, request.query);
        if (operation.body && !operation.upload) parseInput(operation.body, request.body);
        throw new DomainError('NOT_IMPLEMENTED', `${method} ${operation.path} is not available in this version of the engine yet.`);
      },
    });
  }
  return app;
}

async function createWorkerContext(config: EngineConfig, nestLogger: PinoNestLogger) {
  const app = await NestFactory.createApplicationContext(EngineModule.register(config), { logger: nestLogger, abortOnError: false });
  await app.init();
  return app;
}
