import { runHttpBenchmark } from './http.bench';
import { runImportBenchmark } from './import.bench';
import { runExportsBenchmark } from './exports.bench';
import { runLeadsBenchmark } from './leads.bench';
import { runEnrichmentBenchmark } from './enrichment.bench';
import { runScrapeBenchmark } from './scrape.bench';
import { runWebhooksBenchmark } from './webhooks.bench';
import { runUsageBenchmark } from './usage.bench';
import { runMcpBenchmark } from './mcp.bench';
import { runConsoleBenchmark } from './console.bench';
import { runUploadImportBenchmark } from './upload-import.bench';

const SUITES: Record<string, (args: string[]) => Promise<void>> = {
  http: runHttpBenchmark,
  leads: runLeadsBenchmark,
  import: runImportBenchmark,
  exports: runExportsBenchmark,
  enrichment: runEnrichmentBenchmark,
  scrape: runScrapeBenchmark,
  webhooks: runWebhooksBenchmark,
  usage: runUsageBenchmark,
  mcp: runMcpBenchmark,
  console: runConsoleBenchmark,
  'upload-import': runUploadImportBenchmark,
};

async function main(): Promise<void> {
  const [suite, ...args] = process.argv.slice(2);
  const run = suite ? SUITES[suite] : undefined;
  if (!run) {
    process.stderr.write(`usage: npm run bench -- <${Object.keys(SUITES).join('|')}> [options]\n`);
    process.exit(2);
  }
  await run(args);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
