// n8n's own linter (`n8n-node lint`) comes with @n8n/node-cli. It stays out of the repository's lockfile:
// one of its dependencies has a preinstall that refuses npm, so `npm ci` would fail. It is installed apart,
// with --ignore-scripts, and made resolvable for eslint.config.mjs through a link in this package's node_modules.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCachedInstall } from './n8n-tool-cache.mjs';

const NODE_CLI_VERSION = '0.48.3';
const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

const toolFolder = ensureCachedInstall(
  `node-cli-${NODE_CLI_VERSION}`,
  `@n8n/node-cli@${NODE_CLI_VERSION}`,
  'node_modules/@n8n/node-cli/package.json',
  ['--ignore-scripts'],
);

const link = join(packageRoot, 'node_modules', '@n8n', 'node-cli');
const target = join(toolFolder, 'node_modules', '@n8n', 'node-cli');
if (existsSync(link) || isDanglingLink(link)) rmSync(link, { recursive: true, force: true });
mkdirSync(dirname(link), { recursive: true });
symlinkSync(target, link, 'dir');

const result = spawnSync(process.execPath, [join(target, 'bin', 'n8n-node.mjs'), 'lint', ...process.argv.slice(2)], {
  cwd: packageRoot,
  stdio: 'inherit',
  env: { ...process.env, PATH: `${join(toolFolder, 'node_modules', '.bin')}:${process.env.PATH}` },
});
process.exit(result.status ?? 1);

function isDanglingLink(path) {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
