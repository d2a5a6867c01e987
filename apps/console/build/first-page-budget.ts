import { gzipSync } from 'node:zlib';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * Prints the JavaScript a first visit loads, gzipped: the entry chunk and what it imports statically,
 * plus the heaviest page's own lazy chunk with its imports and what it imports when it renders (chart.js on
 * the Overview). Fails the build above the budget.
 */
export function firstPageBudget(options: { maxGzipBytes: number }): Plugin {
  return {
    name: 'lead-engine:first-page-budget',
    apply: 'build',
    generateBundle(_output, bundle) {
      const { entry, pages } = firstPageSizes(bundle);
      const [heaviest, pageBytes] = [...pages].sort((a, b) => b[1] - a[1])[0] ?? ['none', 0];
      const total = entry + pageBytes;
      const figure = `${kb(total)} gzipped (app ${kb(entry)} + heaviest page ${heaviest} ${kb(pageBytes)}), budget ${kb(options.maxGzipBytes)}`;
      if (total > options.maxGzipBytes) this.error(`first page JavaScript over budget: ${figure}`);
      this.info(`first page JavaScript: ${figure}`);
      const each = [...pages].sort((a, b) => b[1] - a[1]).map(([name, bytes]) => `${name} ${kb(bytes)}`);
      this.info(`each page's own JavaScript (with the frame for signed-in pages): ${each.join(', ')}`);
    },
  };
}

/** Pages shown without the frame. */
const PAGES_WITHOUT_FRAME = new Set(['sign-in-page', 'invite-page']);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function firstPageSizes(bundle: OutputBundle): { entry: number; pages: Map<string, number> } {
  const chunks = new Map<string, OutputChunk>();
  for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
  const gzipped = (fileName: string) => gzipSync(chunks.get(fileName)!.code, { level: 9 }).length;
  const closure = (fileName: string, into = new Set<string>()) => {
    if (!into.has(fileName) && chunks.has(fileName)) {
      into.add(fileName);
      for (const imported of chunks.get(fileName)!.imports) closure(imported, into);
    }
    return into;
  };
  const app = new Set<string>();
  for (const chunk of chunks.values()) if (chunk.isEntry) closure(chunk.fileName, app);
  // A signed-in page loads inside the frame, itself a lazy chunk.
  const frame = [...chunks.values()].find((chunk) => chunk.isDynamicEntry && chunk.name === 'app-frame');
  const pages = new Map<string, number>();
  // A page's own code may import more when it renders (the Overview's chart.js): that counts with the page.
  const drawnWith = (loaded: Set<string>) => {
    for (const fileName of [...loaded]) {
      if (app.has(fileName)) continue;
      for (const imported of chunks.get(fileName)!.dynamicImports) closure(imported, loaded);
    }
    return loaded;
  };
  const pageChunks = [...chunks.values()].filter(
    (chunk) => chunk.isDynamicEntry && chunk !== frame && chunk.facadeModuleId !== null && chunk.name.endsWith('-page'),
  );
  for (const chunk of pageChunks) {
    const loaded = drawnWith(closure(chunk.fileName, frame && !PAGES_WITHOUT_FRAME.has(chunk.name) ? closure(frame.fileName) : undefined));
    const own = [...loaded].filter((fileName) => !app.has(fileName));
    pages.set(
      chunk.name,
      own.reduce((sum, fileName) => sum + gzipped(fileName), 0),
    );
  }
  return { entry: [...app].reduce((sum, fileName) => sum + gzipped(fileName), 0), pages };
}
