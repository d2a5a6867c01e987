import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { engineRequest } from './engineRequest';

const MAX_PAGE_SIZE = 1000;

/** Browses page after page until `max` leads (all when undefined) or the last page. */
export async function browseLeads(
  this: IExecuteFunctions,
  filters: IDataObject,
  max: number | undefined,
  itemIndex: number,
): Promise<IDataObject[]> {
  const pageSize = Math.min(max ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  const leads: IDataObject[] = [];
  for (let page: number | null = 1; page !== null;) {
    const response: IDataObject = await engineRequest.call(this, {
      method: 'POST',
      path: '/leads/browse',
      body: { ...filters, page, limit: pageSize },
      itemIndex,
    });
    leads.push(...((response.leads as IDataObject[]) ?? []));
    if (max !== undefined && leads.length >= max) return leads.slice(0, max);
    page = (response.next_page as number | null) ?? null;
  }
  return leads;
}

/** Reads a scrape job's results by offset until `max` items (all when undefined) or no next offset. */
export async function scrapeResults(
  this: IExecuteFunctions,
  jobId: string,
  status: string | undefined,
  max: number | undefined,
  itemIndex: number,
): Promise<IDataObject[]> {
  const items: IDataObject[] = [];
  for (let offset: number | null = 0; offset !== null;) {
    const pageSize = Math.min(max === undefined ? MAX_PAGE_SIZE : max - items.length, MAX_PAGE_SIZE);
    const response: IDataObject = await engineRequest.call(this, {
      method: 'GET',
      path: `/scrape/jobs/${encodeURIComponent(jobId)}/results`,
      qs: { offset, limit: pageSize, ...(status ? { status } : {}) },
      itemIndex,
    });
    const page = (response.items as IDataObject[]) ?? [];
    items.push(...page);
    if (max !== undefined && items.length >= max) return items.slice(0, max);
    // A running job can answer an empty page with a next offset: what is there now is all there is.
    if (page.length === 0) break;
    offset = (response.next_offset as number | null) ?? null;
  }
  return items;
}
