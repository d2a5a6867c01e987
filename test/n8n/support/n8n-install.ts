import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** An n8n release line the package is proven in, and the Node.js it runs on. */
export interface N8nLine {
  label: string;
  version: string;
  major: 1 | 2;
  /** A Node.js release installed from the npm registry, or null for the Node.js running the tests. */
  nodeVersion: string | null;
  /** Dependencies pinned in the install folder's package.json because the default ones fail to install here. */
  overrides: Record<string, string>;
}

export interface InstalledN8n {
  line: N8nLine;
  folder: string;
  /** The node binary every n8n process of this line runs on. */
  nodeBinary: string;
}

export const N8N_LINES: N8nLine[] = [
  {
    label: 'n8n 1.123 on Node 20',
    version: '1.123.81',
    major: 1,
    nodeVersion: null,
    // xlsx is otherwise fetched from a host outside the npm registry; isolated-vm 6 needs Node 22.
    overrides: { xlsx: '0.18.5', 'isolated-vm': '5.0.4' },
  },
  {
    // 2.41.3 is the newest on the registry, but it pins versions of its own packages the registry lacks.
    label: 'n8n 2.41 on Node 24',
    version: '2.41.1',
    major: 2,
    nodeVersion: '24.21.0',
    overrides: {},
  },
];

const CACHE_ROOT = process.env.LEAD_ENGINE_N8N_CACHE ?? path.join(homedir(), '.cache', 'lead-engine-n8n');

/**
 * A real n8n installed outside the repository, once per version (minutes and gigabytes), reused by later
 * runs. A marker written after a successful install tells a complete install from an interrupted one.
 */
export function ensureN8nInstalled(line: N8nLine): InstalledN8n {
  const nodeBinary = line.nodeVersion ? ensureNodeInstalled(line.nodeVersion) : process.execPath;
  const folder = path.join(CACHE_ROOT, line.version);
  const marker = path.join(folder, '.installed');
  if (existsSync(marker)) return { line, folder, nodeBinary };

  rmSync(path.join(folder, 'node_modules'), { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ private: true, overrides: line.overrides }, null, 2) + '\n');
  const npm = npmOn(nodeBinary);
  if (line.major === 1) {
    npm(folder, ['install', `n8n@${line.version}`, '--save-exact']);
  } else {
    // Some 2.x dependencies download prebuilt binaries from outside the registry in their install scripts;
    // only the two native modules n8n needs to run are built, from source, against this Node.js.
    npm(folder, ['install', `n8n@${line.version}`, '--save-exact', '--ignore-scripts']);
    npm(folder, ['rebuild', 'sqlite3', '--build-from-source']);
    npm(folder, ['rebuild', 'isolated-vm']);
  }
  writeFileSync(marker, `n8n@${line.version}\n`);
  return { line, folder, nodeBinary };
}

/** A Node.js release from the npm registry's per-platform binary package, into the cache. */
function ensureNodeInstalled(version: string): string {
  const packageName = `node-${process.platform}-${process.arch}`;
  const folder = path.join(CACHE_ROOT, `node-${version}`);
  const binary = path.join(folder, 'node_modules', packageName, 'bin', 'node');
  if (existsSync(binary)) return binary;
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ private: true }, null, 2) + '\n');
  npmOn(process.execPath)(folder, ['install', `${packageName}@${version}`]);
  return binary;
}

/** npm run with `nodeBinary` first on PATH, building native modules against that Node.js's headers. */
function npmOn(nodeBinary: string) {
  const binFolder = path.dirname(nodeBinary);
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${binFolder}:${process.env.PATH}` };
  if (nodeBinary !== process.execPath) env.npm_config_nodedir = path.dirname(binFolder);
  return (cwd: string, args: string[]) =>
    execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
      timeout: 30 * 60_000,
    });
}
