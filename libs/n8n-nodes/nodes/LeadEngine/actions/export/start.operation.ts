import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { costNotice } from '../../descriptions/costNotice.description';
import { filtersCollection, toFilterSet } from '../../descriptions/filters.description';
import { waitOptions } from '../../descriptions/waitOptions.description';
import { idempotencyKey } from '../../execution/idempotencyKey';
import { jsonItems, runPerItem } from '../../execution/runPerItem';
import { engineRequest } from '../../transport/engineRequest';
import { waitForJob } from '../../transport/waitForJob';

const show = { resource: ['export'], operation: ['start'] };

export const description: INodeProperties[] = [
  costNotice(
    'export',
    'start',
    'Spends 1 credit per row delivered. Leads this account already revealed are skipped, so they cost nothing and are not in the CSV.',
  ),
  {
    displayName: 'Rows',
    name: 'rows',
    type: 'number',
    required: true,
    displayOptions: { show },
    typeOptions: { minValue: 1, maxValue: 50000 },
    // n8n saves no parameter left at its default: a new default would change what existing nodes export.
    default: 100,
    description:
      'How many leads to export, at most 50,000; each delivered row costs 1 credit. Count leads first (free) to see how many match your filters.',
  },
  { ...filtersCollection, displayOptions: { show } },
  waitOptions('export', 'start', 'export'),
];

export async function execute(this: IExecuteFunctions) {
  return await runPerItem(this, async (itemIndex) => {
    const filterSet = toFilterSet(this.getNodeParameter('filters', itemIndex, {}) as IDataObject);
    const limit = this.getNodeParameter('rows', itemIndex) as number;
    const created = await engineRequest.call(this, {
      method: 'POST',
      path: '/leads/exports',
      body: { ...filterSet, limit },
      idempotencyKey: idempotencyKey(this, `export:${itemIndex}`),
      itemIndex,
    });
    if (!this.getNodeParameter('options.waitForCompletion', itemIndex, false)) return jsonItems(created);
    const job = await waitForJob.call(this, {
      statusPath: `/leads/exports/${String(created.job_id)}`,
      label: `Export ${String(created.job_id)}`,
      timeoutSeconds: this.getNodeParameter('options.timeout', itemIndex, 600) as number,
      itemIndex,
    });
    return jsonItems(job);
  });
}
