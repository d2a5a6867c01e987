import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { jsonItems, runPerItem } from '../../execution/runPerItem';
import { engineRequest } from '../../transport/engineRequest';

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions) {
  return await runPerItem(this, async (itemIndex) =>
    jsonItems(await engineRequest.call(this, { method: 'GET', path: '/credits', itemIndex })),
  );
}
