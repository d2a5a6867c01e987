import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssets } from './build/compress-assets.ts';
import { consoleRoutes } from './build/console-routes.ts';
import { firstPageBudget } from './build/first-page-budget.ts';

const contractsConsole = fileURLToPath(new URL('../../libs/contracts/src/console/index.ts', import.meta.url));
const contractsClient = fileURLToPath(new URL('../../libs/contracts/src/client/index.ts', import.meta.url));
const contractsEnrichment = fileURLToPath(new URL('../../libs/contracts/src/enrichment/enrichment.schemas.ts', import.meta.url));
const scrollAreaMergeRefs = fileURLToPath(new URL('./build/scroll-area-merge-refs.ts', import.meta.url));
const neutralizeFormula = fileURLToPath(new URL('../../libs/core/src/exports/neutralize-formula.ts', import.meta.url));
const scrapeReasonWords = fileURLToPath(new URL('../../libs/core/src/scrape/scrape-reason-words.ts', import.meta.url));
const creditAllowances = fileURLToPath(new URL('../../libs/core/src/credits/credit-allowances.ts', import.meta.url));
const contactCsvColumns = fileURLToPath(new URL('../../libs/core/src/contacts/contact-csv-columns.ts', import.meta.url));

export default defineConfig({
  // The engine serves the build at /app (index.html for every page, fingerprinted files under /app/assets/).
  base: '/app/',
  publicDir: false,
  plugins: [
    react(),
    consoleRoutes(),
    {
      // See build/scroll-area-merge-refs.ts.
      name: 'lead-engine:scroll-area-merge-refs',
      enforce: 'pre',
      resolveId(source, importer) {
        if (
          source === '@floating-ui/react' &&
          importer &&
          /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(importer)
        )
          return scrollAreaMergeRefs;
      },
    },
    firstPageBudget({ maxGzipBytes: 250 * 1024 }),
    compressAssets(),
  ],
  resolve: {
    // The contracts' sources (ES modules) rather than their CommonJS build, so that the bundle keeps only what it uses.
    // The CSV of revealed leads neutralizes cells with the engine's own rule (libs/core, no dependencies).
    // A scrape result's reason reads in the same words as in the engine's CSV.
    // What each plan grants per month and the trial's credits, from the engine's own table: the operator's Set plan says them.
    // The contacts CSV's columns, as the import checks them: the operator's Contacts page names them.
    // The typed client calls /console/api by the operation table.
    // The enrichment field ids, prices and limits: imported by the Jobs page's lazy code only.
    alias: {
      '@lead-engine/contracts/console': contractsConsole,
      '@lead-engine/contracts/client': contractsClient,
      '@lead-engine/contracts/enrichment': contractsEnrichment,
      '@lead-engine/core/neutralize-formula': neutralizeFormula,
      '@lead-engine/core/scrape-reason-words': scrapeReasonWords,
      '@lead-engine/core/credit-allowances': creditAllowances,
      '@lead-engine/core/contact-csv-columns': contactCsvColumns,
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, sourcemap: false },
  server: { proxy: { '/console/api': 'http://127.0.0.1:3000' } },
});
