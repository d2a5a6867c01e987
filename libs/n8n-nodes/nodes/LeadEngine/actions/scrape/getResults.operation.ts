import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { pagingFields } from '../../descriptions/paging.description';
import { jsonItems, runPerItem } from '../../execution/runPerItem';
import { scrapeResults } from '../../transport/pagination';

export const description: INodeProperties[] = [
  ...pagingFields('scrape', 'getResults'),
  {
    displayName: 'Outcome',
    name: 'status',
    type: 'options',
    displayOptions: { show: { resource: ['scrape'], operation: ['getResults'] } },
    options: [
      { name: 'Any', value: '' },
      { name: 'Blocked', value: 'blocked', description: 'Refused by the site, robots.txt or a bot wall' },
      { name: 'Invalid', value: 'invalid', description: 'Not a host name, no DNS answer, or a refused address' },
      { name: 'No Content', value: 'no_content', description: 'Reachable, but no readable text' },
      { name: 'OK', value: 'ok', description: 'The site text was read' },
    ],
    default: '',
    description: 'Only the domains with this outcome',
  },
];

/** One output item per domain, in order of completion. */
export async function execute(this: IExecuteFunctions) {
  return await runPerItem(this, async (itemIndex) => {
    const jobId = this.getNodeParameter('jobId', itemIndex) as string;
    const status = (this.getNodeParameter('status', itemIndex, '') as string) || undefined;
    const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
    const limit = returnAll ? undefined : (this.getNodeParameter('limit', itemIndex, 50) as number);
    return jsonItems(await scrapeResults.call(this, jobId, status, limit, itemIndex));
  });
}
