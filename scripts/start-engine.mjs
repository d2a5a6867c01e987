// `npm start`: runs the built engine and never builds. A build rewrites dist/ under running engines and CLI
// commands (a concurrent `keys:revoke` once died with MODULE_NOT_FOUND), so it is its own step: `npm run build`.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

// `node scripts/start-engine.mjs cli <command…>` runs the operator CLI, which reads its command from argv.
const target = process.argv[2] === 'cli' ? process.argv.splice(2, 1)[0] : 'main';
const entry = fileURLToPath(new URL(`../apps/engine/dist/${target}.js`, import.meta.url));
if (!existsSync(entry)) {
  process.stderr.write('Lead Engine is not built yet. Run `npm run build` once (and again after changing the code), then `npm start`.\n');
  process.exit(1);
}
await import(pathToFileURL(entry).href);
