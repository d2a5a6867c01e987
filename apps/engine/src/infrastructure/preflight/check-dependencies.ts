import { setTimeout as sleep } from 'node:timers/promises';
import { dependencyGuidance } from './dependency-guidance';
import type { DependencyProblem } from './dependency-problem';
import { probePostgres } from './probe-postgres';
import { probeRedis } from './probe-redis';

export interface DependencyCheckOptions {
  /** How long a service that does not answer yet is tried again (one that is starting up gets the time). */
  patienceMs: number;
  retryEveryMs: number;
}

const DEFAULTS: DependencyCheckOptions = { patienceMs: 4_000, retryEveryMs: 500 };

/**
 * PostgreSQL and Redis, probed side by side before anything else starts: the guidance for each one the engine
 * cannot use (empty when both are fine). A refusal is final at once; an unreachable service is tried again
 * until the patience runs out.
 */
export async function checkDependencies(
  urls: { databaseUrl: string; redisUrl: string },
  options: DependencyCheckOptions = DEFAULTS,
): Promise<string[]> {
  const probes = [
    (timeoutMs: number) => probePostgres(urls.databaseUrl, timeoutMs),
    (timeoutMs: number) => probeRedis(urls.redisUrl, timeoutMs),
  ];
  const startedAt = Date.now();
  const problems = await Promise.all(probes.map((probe) => untilUsable(probe, startedAt, options)));
  return problems.filter((problem) => problem !== null).map((problem) => dependencyGuidance(problem, Date.now() - startedAt));
}

async function untilUsable(
  probe: (timeoutMs: number) => Promise<DependencyProblem | null>,
  startedAt: number,
  { patienceMs, retryEveryMs }: DependencyCheckOptions,
): Promise<DependencyProblem | null> {
  for (;;) {
    const remainingMs = startedAt + patienceMs - Date.now();
    const problem = await probe(Math.max(remainingMs, retryEveryMs));
    if (!problem || problem.kind === 'refused' || remainingMs <= retryEveryMs) return problem;
    await sleep(retryEveryMs);
  }
}
