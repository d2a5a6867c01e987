import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** The n8n the package is proven in: the last 1.x line that runs on Node 20 (n8n 2.x needs Node 24). */
export const N8N_VERSION = '1.123.81';

/**
 * Without these the install fails here: xlsx is fetched from a host outside the npm registry, and
 * isolated-vm 6 needs Node 22.
 */
const OVERRIDES = { xlsx: '0.18.5', 'isolated-vm': '5.0.4' };

const CACHE_ROOT = process.env.LEAD_ENGINE_N8N_CACHE ?? path.join(homedir(), '.cache', 'lead-engine-n8n');

/**
 * A real n8n installed outside the repository, once per version (about 5 minutes and 1.7 GB), reused by
 * later runs. A marker written after a successful install tells a complete install from an interrupted one.
 */
export function ensureN8nInstalled(): string {
  const folder = path.join(CACHE_ROOT, N8N_VERSION);
  const marker = path.join(folder, '.installed');
  if (existsSync(marker)) return folder;
  rmSync(path.join(folder, 'node_modules'), { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ private: true, overrides: OVERRIDES }, null, 2) + '\n');
  execFileSync('npm', ['install', `n8n@${N8N_VERSION}`, '--save-exact', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: folder,
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 20 * 60_000,
  });
  writeFileSync(marker, `n8n@${N8N_VERSION}\n`);
  return folder;
}
