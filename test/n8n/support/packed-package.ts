import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../e2e/support/engine-under-test';

export const PACKAGE_DIR = path.join(REPO_ROOT, 'libs/n8n-nodes');
export const PACKAGE_NAME = 'n8n-nodes-lead-engine';

export interface PackedPackage {
  tarball: string;
  remove(): void;
}

/** The package as `npm pack` publishes it (its built dist), in a temporary folder. */
export function packPackage(): PackedPackage {
  const folder = mkdtempSync(path.join(tmpdir(), 'lead-engine-pack-'));
  execFileSync('npm', ['pack', '--pack-destination', folder, '--loglevel=error'], {
    cwd: PACKAGE_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const tarball = readdirSync(folder).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack wrote no tarball into ${folder}`);
  return { tarball: path.join(folder, tarball), remove: () => rmSync(folder, { recursive: true, force: true }) };
}
