// What `n8n-node build` does (a clean dist, tsc, icons next to the compiled code), plus the example workflows.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(packageRoot, 'dist');

rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', join(packageRoot, 'tsconfig.json')], { stdio: 'inherit' });

for (const file of walk(packageRoot)) {
  const path = relative(packageRoot, file);
  if (/\.(svg|png)$/.test(path) || /^examples\/.*\.json$/.test(path)) {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    cpSync(file, join(dist, path));
  }
}

function* walk(folder) {
  for (const name of readdirSync(folder)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}
