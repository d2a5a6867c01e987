import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { filtersCollection, toFilterSet } from '../../descriptions/filters.description';
import { jsonItems, runPerItem } from '../../execution/runPerItem';
import { engineRequest } from '../../transport/engineRequest';

export const description: INodeProperties[] = [
  { ...filtersCollection, displayOptions: { show: { resource: ['lead'], operation: ['count'] } } },
];

export async function execute(this: IExecuteFunctions) {
  return await runPerItem(this, async (itemIndex) => {
    const filterSet = toFilterSet(this.getNodeParameter('filters', itemIndex, {}) as IDataObject);
    const count = await engineRequest.call(this, {
      method: 'POST',
      path: '/leads/search',
      body: filterSet,
      itemIndex,
    });
    return jsonItems(count);
  });
}
