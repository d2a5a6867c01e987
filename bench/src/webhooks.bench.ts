import { API_OPERATIONS, createApiClient } from '@lead-engine/contracts/client';
import { randomBytes } from 'node:crypto';
import { ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { dropDatabase, engineEnv } from './support/bench-database';
import { cli, ENGINE_MAIN } from './support/engine-cli';
import { REPO_ROOT, startNodeProcess } from './support/processes';
import { formatMs, percentile } from './support/stats';
import type { ReceiverArrival, ReceiverReply, ReceiverRequest } from './webhooks/receiver-process';

const DATABASE = 'le_bench_webhooks';
const EVENTS = 10_000;
/** Events sent first and not measured: a worker that has run a while has its connections open and its code compiled. */
const WARM_UP_EVENTS = 1_000;
const LIVE_ENDPOINTS = 10;
/** Transactions emitting events at once, as that many jobs settling together. */
const PRODUCERS = 16;

/** The engine's own code, compiled: the bench emits events through the outbox as a settling job does. */
const dist = (file: string) => path.join(REPO_ROOT, 'apps/engine/dist', file);

/** The receivers' process (see receiver-process.ts), asked over IPC. */
class Receivers {
  private readonly child: ChildProcess;
  private readonly replies: Array<(message: ReceiverReply) => void> = [];

  constructor() {
    this.child = fork(path.join(__dirname, 'webhooks/receiver-process.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (message: ReceiverReply) => this.replies.shift()?.(message));
  }

  private ask<T extends ReceiverReply>(request: ReceiverRequest): Promise<T> {
    return new Promise((resolve) => {
      this.replies.push((message) => resolve(message as T));
      this.child.send(request);
    });
  }

  async start(deadPath: string): Promise<string> {
    return (await this.ask<{ url: string }>({ deadPath })).url;
  }

  async count(): Promise<number> {
    return (await this.ask<{ count: number }>({ count: true })).count;
  }

  async arrivals(): Promise<ReceiverArrival[]> {
    return (await this.ask<{ arrivals: ReceiverArrival[] }>({ report: true })).arrivals;
  }

  stop(): void {
    this.child.kill('SIGKILL');
  }
}

interface PhaseResult {
  events: number;
  live: number;
  deliveriesPerSecond: number;
  p50: number;
  p95: number;
  max: number;
  emitMs: number;
}

/**
 * `npm run bench -- webhooks`: 10,000 events, each committed in its own transaction through the engine's
 * outbox (as a settling job writes its event), delivered by a worker process to loopback receivers;
 * deliveries/s and job-completion-to-delivery latency, then the same with one receiver that never answers.
 */
export async function runWebhooksBenchmark(): Promise<void> {
  await dropDatabase(DATABASE);
  const env = {
    ...engineEnv(DATABASE),
    WEBHOOK_SECRETS_KEY: randomBytes(32).toString('base64'),
    // The receivers are on loopback; nothing else is.
    WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
  };
  require('reflect-metadata');
  const { startEngine } = require(dist('app/start-engine.js'));
  const { loadEngineConfig } = require(dist('config/load-engine-config.js'));
  const { WebhookOutbox } = require(dist('modules/webhooks/deliveries/webhook-outbox.js'));
  const { DataSource } = require('typeorm');
  const producer = await startEngine(loadEngineConfig({ ...env, ENGINE_ROLE: 'api', HOST: '127.0.0.1', PORT: '0' }));
  const worker = await startNodeProcess(ENGINE_MAIN, [], { ...env, ENGINE_ROLE: 'worker', LOG_LEVEL: 'info' }, '', 0, 'worker running');
  const outbox = producer.app.get(WebhookOutbox);
  const dataSource = producer.app.get(DataSource);
  try {
    const accounts: string[] = [];
    const keys: string[] = [];
    for (let index = 0; index <= LIVE_ENDPOINTS; index++) {
      const account = await cli(['accounts:create', '--name', `webhooks bench ${index}`], env);
      accounts.push(account.accountId);
      keys.push(account.apiKey);
    }
    const apiOf = (apiKey: string) => createApiClient(API_OPERATIONS, { baseUrl: producer.url, headers: { 'x-api-key': apiKey } }).call;
    const phase = async (label: string, withDead: boolean, events = EVENTS): Promise<PhaseResult> => {
      const committedAt = new Map<number, number>();
      const receivers = new Receivers();
      const base = await receivers.start(`/dead-${label}`);
      const endpoints = withDead ? LIVE_ENDPOINTS + 1 : LIVE_ENDPOINTS;
      const created: string[] = [];
      for (let index = 0; index < endpoints; index++) {
        const url = index === LIVE_ENDPOINTS ? `${base}/dead-${label}` : `${base}/live-${label}-${index}`;
        created.push((await apiOf(keys[index])('createWebhook', { body: { url, events: ['export.completed'] } })).id);
      }
      process.stderr.write(`${label}: emitting ${events} events to ${endpoints} endpoints${withDead ? ' (one never answers)' : ''}…\n`);
      const started = performance.timeOrigin + performance.now();
      let next = 0;
      const produce = async () => {
        for (let seq = next++; seq < events; seq = next++) {
          const endpoint = seq % endpoints;
          await dataSource.transaction(async (manager: unknown) => {
            await outbox.emit(manager, {
              accountId: accounts[endpoint],
              type: 'export.completed',
              at: new Date(),
              data: { seq, endpoint },
            });
          });
          committedAt.set(seq, performance.timeOrigin + performance.now());
        }
      };
      await Promise.all(Array.from({ length: PRODUCERS }, produce));
      const emitMs = performance.timeOrigin + performance.now() - started;
      const live = events - (withDead ? Math.floor((events - LIVE_ENDPOINTS - 1) / endpoints) + 1 : 0);
      const deadline = Date.now() + 300_000;
      for (let count = await receivers.count(); count < live; count = await receivers.count()) {
        if (Date.now() > deadline) throw new Error(`${label}: ${count} of ${live} live deliveries after 5 minutes`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const arrivals = await receivers.arrivals();
      receivers.stop();
      const latencies = arrivals.map((arrival) => arrival.at - committedAt.get(arrival.seq)!);
      const last = Math.max(...arrivals.map((arrival) => arrival.at));
      for (let index = 0; index < endpoints; index++) {
        await apiOf(keys[index])('deleteWebhook', { params: { id: created[index] } });
      }
      return {
        events,
        live,
        deliveriesPerSecond: live / ((last - started) / 1000),
        p50: percentile(latencies, 0.5),
        p95: percentile(latencies, 0.95),
        max: Math.max(...latencies),
        emitMs,
      };
    };
    await phase('warm-up', false, WARM_UP_EVENTS);
    const healthy = await phase('healthy', false);
    const dead = await phase('dead', true);
    const row = (measure: string, value: string, target = '') => `${measure.padEnd(52)} ${value.padEnd(40)} ${target}`;
    process.stdout.write(
      [
        `webhooks benchmark: ${EVENTS} events, each committed in its own transaction through the engine's outbox (${PRODUCERS} at once, as settling jobs), delivered by one worker process (WEBHOOK_CONCURRENCY 64, 8 per endpoint; after ${WARM_UP_EVENTS} warm-up events) to loopback receivers in a process of their own answering 200 at once`,
        row('measure', 'value', 'target'),
        row(
          `deliveries/s, ${LIVE_ENDPOINTS} endpoints`,
          `${healthy.deliveriesPerSecond.toFixed(0)} (${healthy.live} in ${(healthy.live / healthy.deliveriesPerSecond).toFixed(1)} s; events committed in ${(healthy.emitMs / 1000).toFixed(1)} s)`,
          '≥ 500',
        ),
        row(
          'completion → delivery, p50 / p95 / max',
          `${formatMs(healthy.p50)} / ${formatMs(healthy.p95)} / ${formatMs(healthy.max)} ms`,
          'p95 ≤ 500 ms',
        ),
        row(
          `with 1 of ${LIVE_ENDPOINTS + 1} receivers never answering: live deliveries/s`,
          `${dead.deliveriesPerSecond.toFixed(0)} (${dead.live} live of ${dead.events})`,
        ),
        row(
          '  live completion → delivery, p50 / p95 / max',
          `${formatMs(dead.p50)} / ${formatMs(dead.p95)} / ${formatMs(dead.max)} ms`,
          'p95 < 1000 ms',
        ),
      ].join('\n') + '\n',
    );
  } finally {
    await worker.stop();
    await producer.close();
    await dropDatabase(DATABASE);
  }
}
