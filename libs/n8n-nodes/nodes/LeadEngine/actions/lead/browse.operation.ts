import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { filtersCollection, toFilterSet } from '../../descriptions/filters.description';
import { pagingFields } from '../../descriptions/paging.description';
import { jsonItems, runPerItem } from '../../execution/runPerItem';
import { browseLeads } from '../../transport/pagination';

export const description: INodeProperties[] = [
  ...pagingFields('lead', 'browse', 'Browsing is free, however many leads: contact details come masked and no credits are spent'),
  { ...filtersCollection, displayOptions: { show: { resource: ['lead'], operation: ['browse'] } } },
];

export async function execute(this: IExecuteFunctions) {
  return await runPerItem(this, async (itemIndex) => {
    const filterSet = toFilterSet(this.getNodeParameter('filters', itemIndex, {}) as IDataObject);
    const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
    const limit = returnAll ? undefined : (this.getNodeParameter('limit', itemIndex, 50) as number);
    return jsonItems(await browseLeads.call(this, filterSet, limit, itemIndex));
  });
}
