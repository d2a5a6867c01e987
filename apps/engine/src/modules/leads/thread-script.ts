import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The compiled script of a thread, by its path from this folder. The engine's tests run it from
 * TypeScript sources, but a thread always runs the compiled script.
 */
export function threadScript(fromHere: string): string {
  const beside = path.join(__dirname, fromHere);
  return existsSync(beside) ? beside : path.resolve(__dirname, '../../../dist/modules/leads', fromHere);
}
