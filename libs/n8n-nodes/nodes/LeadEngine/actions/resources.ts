import { credits } from './credits/Credits.resource';
import { enrichment } from './enrichment/Enrichment.resource';
import { exportResource } from './export/Export.resource';
import { icp } from './icp/Icp.resource';
import { lead } from './lead/Lead.resource';
import type { Resource } from './operation';
import { scrape } from './scrape/Scrape.resource';

/** Every resource of the node by its parameter value (contract §7). */
export const resources: Record<string, Resource> = {
  lead,
  export: exportResource,
  icp,
  enrichment,
  scrape,
  credits,
};
