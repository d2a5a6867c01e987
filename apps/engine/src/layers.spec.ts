import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SOURCE = __dirname;
/**
 * Modules every feature stands on, lowest first: each imports only those before it and none of the features
 * (credits announce debits instead: CreditDebits; opening an account with its credits is the onboarding feature's).
 */
const FOUNDATION_ORDER = ['identity', 'idempotency', 'accounts', 'credits', 'users'];
const FOUNDATION = new Set(FOUNDATION_ORDER);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [file] : [];
  });
}

/** Each relative import of the files under `folder`, as the path below src it reaches. */
function importsUnder(folder: string): Array<{ file: string; target: string }> {
  return sourceFiles(path.join(SOURCE, folder)).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)].map((match) => ({
      file: path.relative(SOURCE, file),
      target: path.relative(SOURCE, path.resolve(path.dirname(file), match[1])),
    })),
  );
}

const backUp = (imports: Array<{ file: string; target: string }>, refused: (target: string) => boolean) =>
  imports.filter(({ target }) => refused(target)).map(({ file, target }) => `${file} -> ${target}`);

describe('the engine’s layers point one way', () => {
  it('infrastructure imports no module, no app wiring and no CLI', () => {
    expect(backUp(importsUnder('infrastructure'), (target) => /^(modules|app|cli)\//.test(target))).toEqual([]);
  });

  it('the foundation modules (identity, idempotency, accounts, credits, users) import no feature module', () => {
    const imports = [...FOUNDATION].flatMap((module) => importsUnder(`modules/${module}`));
    const feature = (target: string) => target.startsWith('modules/') && !FOUNDATION.has(target.split('/')[1]);
    expect(backUp(imports, feature)).toEqual([]);
  });

  it('each foundation module imports only the ones below it: identity ← accounts ← credits ← users', () => {
    const above = FOUNDATION_ORDER.flatMap((module, index) =>
      backUp(
        importsUnder(`modules/${module}`),
        (target) => FOUNDATION_ORDER.indexOf(target.split('/')[1]) > index && target.startsWith('modules/'),
      ),
    );
    expect(above).toEqual([]);
  });
});
