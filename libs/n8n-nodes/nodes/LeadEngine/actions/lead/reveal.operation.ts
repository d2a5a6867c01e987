import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { costNotice } from '../../descriptions/costNotice.description';
import { splitList } from '../../descriptions/filters.description';
import { errorItemJson } from '../../execution/errorItemJson';
import { idempotencyKey } from '../../execution/idempotencyKey';
import { withItemIndex } from '../../execution/withItemIndex';
import { engineRequest } from '../../transport/engineRequest';

/** The engine reveals at most this many leads a call. */
const BATCH_SIZE = 1000;

export const description: INodeProperties[] = [
  costNotice(
    'lead',
    'reveal',
    'Spends 1 credit per lead this account has not revealed before. Leads revealed before are free and returned again.',
  ),
  {
    displayName: 'Lead IDs',
    name: 'leadIds',
    type: 'string',
    required: true,
    displayOptions: { show: { resource: ['lead'], operation: ['reveal'] } },
    default: '={{ $json.id }}',
    hint: 'Already mapped to the id field of the items from Lead → Browse; only ids from Browse work',
    description:
      'IDs of leads from Browse, read from each input item (several may be comma-separated). All items are revealed together, 1,000 per call; 1 credit per lead not revealed before.',
  },
];

/** Reveals the leads of all input items at once, in batches; each revealed lead is paired with the items that asked for it. */
export async function execute(this: IExecuteFunctions) {
  const askedBy = new Map<string, number[]>();
  const items = this.getInputData();
  for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
    for (const id of splitList(this.getNodeParameter('leadIds', itemIndex, ''))) {
      askedBy.set(id, [...(askedBy.get(id) ?? []), itemIndex]);
    }
  }
  const ids = [...askedBy.keys()];
  const output: INodeExecutionData[] = [];
  for (let start = 0; start < ids.length; start += BATCH_SIZE) {
    const batch = ids.slice(start, start + BATCH_SIZE);
    const batchItems = [...new Set(batch.flatMap((id) => askedBy.get(id) ?? []))].sort((a, b) => a - b);
    try {
      const response = await engineRequest.call(this, {
        method: 'POST',
        path: '/leads/reveal',
        body: { leadIds: batch },
        idempotencyKey: idempotencyKey(this, `reveal:${start / BATCH_SIZE}`),
        itemIndex: batchItems[0],
      });
      for (const lead of (response.revealed as IDataObject[]) ?? []) {
        const pairedItem = (askedBy.get(String(lead.id)) ?? batchItems).map((item) => ({ item }));
        output.push({ json: lead, pairedItem });
      }
    } catch (error) {
      if (!this.continueOnFail()) throw withItemIndex(this, error as Error, batchItems[0]);
      for (const item of batchItems) output.push({ json: errorItemJson(error as Error), pairedItem: { item } });
    }
  }
  return output;
}
