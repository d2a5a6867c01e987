import path from 'node:path';
import { REPO_ROOT, runNode } from './processes';

export const ENGINE_CLI = path.join(REPO_ROOT, 'apps/engine/dist/cli.js');
export const ENGINE_MAIN = path.join(REPO_ROOT, 'apps/engine/dist/main.js');

/** Runs an operator command with --json and returns its one JSON object. */
export async function cli(args: string[], env: Record<string, string>): Promise<Record<string, any>> {
  const result = await runNode(ENGINE_CLI, [...args, '--json'], env);
  if (result.code !== 0) throw new Error(`cli ${args.join(' ')} failed:\n${result.stderr}`);
  return JSON.parse(result.stdout);
}

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}
