import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstPageBudget } from './build/first-page-budget.ts';

const contractsConsole = fileURLToPath(new URL('../../libs/contracts/src/console/index.ts', import.meta.url));

export default defineConfig({
  // The engine serves the build at /app (index.html for every page, fingerprinted files under /app/assets/).
  base: '/app/',
  publicDir: false,
  plugins: [react(), firstPageBudget({ maxGzipBytes: 250 * 1024 })],
  resolve: {
    // The contracts' sources (ES modules) rather than their CommonJS build, so that the bundle keeps only what it uses.
    alias: { '@lead-engine/contracts/console': contractsConsole },
  },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, sourcemap: false },
  server: { proxy: { '/console/api': 'http://127.0.0.1:3000' } },
});
