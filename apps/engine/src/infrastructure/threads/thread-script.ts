import { existsSync } from 'node:fs';
import path from 'node:path';

const SOURCES = path.resolve(__dirname, '../..');

/**
 * The compiled script of a thread, by its path from apps/engine/src with a .js name. The engine's
 * tests run it from TypeScript sources, but a thread always runs the compiled script.
 */
export function threadScript(fromSources: string): string {
  const beside = path.join(SOURCES, fromSources);
  return existsSync(beside) ? beside : path.resolve(SOURCES, '../dist', fromSources);
}
