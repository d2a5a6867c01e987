import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(js|css|svg|json|map)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside each fingerprinted asset, at the strongest
 * settings, once per build: the engine sends the copy the browser accepts (Content-Encoding) without
 * compressing anything per request. A copy that is not smaller is not written.
 */
export function compressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lead-engine:compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((fileName) => fileName.startsWith('assets/') && COMPRESSIBLE.test(fileName));
      await Promise.all(
        files.map(async (fileName) => {
          const file = path.join(outDir, fileName);
          const content = await readFile(file);
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            gzipped(content, { level: 9 }),
          ]);
          if (br.length < content.length) await writeFile(`${file}.br`, br);
          if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
