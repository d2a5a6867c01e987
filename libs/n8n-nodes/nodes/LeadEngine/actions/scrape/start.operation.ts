import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { costNotice } from '../../descriptions/costNotice.description';
import { splitList } from '../../descriptions/filters.description';
import { waitOptions } from '../../descriptions/waitOptions.description';
import { errorItemJson } from '../../execution/errorItemJson';
import { idempotencyKey } from '../../execution/idempotencyKey';
import { jsonItems, runPerItem } from '../../execution/runPerItem';
import { withItemIndex } from '../../execution/withItemIndex';
import { engineRequest } from '../../transport/engineRequest';
import { waitForJob } from '../../transport/waitForJob';

const show = { resource: ['scrape'], operation: ['start'] };

export const description: INodeProperties[] = [
  costNotice(
    'scrape',
    'start',
    'Holds 1 credit per unique domain up front (a URL or email counts as its domain, duplicates once). Domains that are blocked, invalid or without readable text are refunded when the job completes.',
  ),
  {
    displayName: 'Domains From',
    name: 'source',
    type: 'options',
    noDataExpression: true,
    displayOptions: { show },
    options: [
      {
        name: 'A List',
        value: 'list',
        description: 'A list of domains typed in (or an expression); one job per input item',
      },
      {
        name: 'A Field of the Input Items',
        value: 'field',
        description: 'One domain (or a list) per input item; one job for all items',
      },
    ],
    default: 'list',
  },
  {
    displayName: 'Domains',
    name: 'domains',
    type: 'string',
    typeOptions: { rows: 4 },
    required: true,
    displayOptions: { show: { ...show, source: ['list'] } },
    default: '',
    placeholder: 'acme.com, https://www.example.org, jane@company.io',
    description:
      'Domains, URLs or emails, separated by commas or new lines (at most 50,000); 1 credit each, refunded for sites without text',
  },
  {
    displayName: 'Domain Field',
    name: 'domainField',
    type: 'string',
    required: true,
    displayOptions: { show: { ...show, source: ['field'] } },
    default: 'domain',
    placeholder: 'e.g. companyDomain',
    description: 'Name of the input field holding a domain, URL or email (or a list of them)',
  },
  waitOptions('scrape', 'start', 'scrape job'),
];

export async function execute(this: IExecuteFunctions) {
  const source = this.getNodeParameter('source', 0, 'list') as string;
  if (source === 'field') return await startOneJobForAllItems.call(this);
  return await runPerItem(this, async (itemIndex) =>
    jsonItems(await startJob.call(this, splitList(this.getNodeParameter('domains', itemIndex)), itemIndex, `scrape:${itemIndex}`)),
  );
}

async function startOneJobForAllItems(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
  const items = this.getInputData();
  const pairedItem = items.map((_, item) => ({ item }));
  try {
    const domains = items.flatMap((item, itemIndex) => {
      const field = this.getNodeParameter('domainField', itemIndex) as string;
      return splitList(item.json[field]);
    });
    if (domains.length === 0) {
      throw new NodeOperationError(this.getNode(), 'No input item has a domain in the chosen field');
    }
    return [{ json: await startJob.call(this, domains, 0, 'scrape:all'), pairedItem }];
  } catch (error) {
    if (!this.continueOnFail()) throw withItemIndex(this, error as Error, 0);
    return [{ json: errorItemJson(error as Error), pairedItem }];
  }
}

async function startJob(this: IExecuteFunctions, domains: string[], itemIndex: number, unit: string): Promise<IDataObject> {
  const created = await engineRequest.call(this, {
    method: 'POST',
    path: '/scrape/jobs',
    body: { domains },
    idempotencyKey: idempotencyKey(this, unit),
    itemIndex,
  });
  if (!this.getNodeParameter('options.waitForCompletion', itemIndex, false)) return created;
  return await waitForJob.call(this, {
    statusPath: `/scrape/jobs/${String(created.id)}`,
    label: `Scrape job ${String(created.id)}`,
    timeoutSeconds: this.getNodeParameter('options.timeout', itemIndex, 600) as number,
    itemIndex,
  });
}
