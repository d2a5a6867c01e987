import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where tools too big or too awkward for the lockfile are installed once and reused (shared with test/n8n). */
export const toolCacheRoot = process.env.LEAD_ENGINE_N8N_CACHE ?? join(homedir(), '.cache', 'lead-engine-n8n');

/** Installs `spec` into its own folder of the cache unless `marker` (a path inside it) is already there. */
export function ensureCachedInstall(folderName, spec, marker, extraArgs = []) {
  const folder = join(toolCacheRoot, folderName);
  if (existsSync(join(folder, marker))) return folder;
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ private: true }, null, 2) + '\n');
  execFileSync('npm', ['install', spec, '--no-audit', '--no-fund', '--loglevel=error', ...extraArgs], {
    cwd: folder,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return folder;
}
