import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { costNotice } from '../../descriptions/costNotice.description';
import { waitOptions } from '../../descriptions/waitOptions.description';
import { idempotencyKey } from '../../execution/idempotencyKey';
import { jsonItems, runPerItem } from '../../execution/runPerItem';
import { engineRequest } from '../../transport/engineRequest';
import { waitForJob } from '../../transport/waitForJob';
import { enrichmentFieldOptions } from './enrichmentFields';

const show = { resource: ['enrichment'], operation: ['start'] };

export const description: INodeProperties[] = [
  costNotice(
    'enrichment',
    'start',
    'Holds credits for every requested cell up front: 1 credit a row per standard field, 2 per Custom field, Full Email free. Cells left empty (e.g. the website could not be read) are refunded once the finished job is read with Get or Wait for Completion.',
  ),
  {
    displayName: 'Input Binary Field',
    name: 'binaryPropertyName',
    type: 'string',
    required: true,
    displayOptions: { show },
    default: 'data',
    hint: 'The name of the input binary field holding the CSV',
    description: 'The CSV to enrich (at most 10 MB and 10,000 rows); every row needs a website/domain or an email column',
  },
  {
    displayName: 'Fields',
    name: 'fields',
    type: 'multiOptions',
    required: true,
    displayOptions: { show },
    options: enrichmentFieldOptions,
    default: [],
    description: 'What to write for each row; credits for every cell are held up front and empty cells refunded',
  },
  {
    displayName: 'Target ICP',
    name: 'targetIcp',
    type: 'string',
    displayOptions: { show },
    default: '',
    placeholder: 'e.g. B2B SaaS companies with 50-500 employees selling to logistics teams',
    description: 'Your ideal customer in one or two sentences; required with ICP Grading',
  },
  {
    displayName: 'Additional Fields',
    name: 'additionalFields',
    type: 'collection',
    placeholder: 'Add Field',
    displayOptions: { show },
    default: {},
    options: [
      {
        displayName: 'Seller Offer',
        name: 'seller_offer',
        type: 'string',
        typeOptions: { rows: 3 },
        default: '',
        description: 'What you sell, used to write the copy',
      },
      {
        displayName: 'User Tag',
        name: 'user_tag',
        type: 'string',
        default: '',
        description: 'Your own label for the job, echoed back as user_tag',
      },
    ],
  },
  waitOptions('enrichment', 'start', 'enrichment job'),
];

/** Uploads each input item's CSV as an enrichment job (multipart form). */
export async function execute(this: IExecuteFunctions) {
  return await runPerItem(this, async (itemIndex) => {
    const binaryPropertyName = this.getNodeParameter('binaryPropertyName', itemIndex) as string;
    const binary = this.helpers.assertBinaryData(itemIndex, binaryPropertyName);
    const csv = await this.helpers.getBinaryDataBuffer(itemIndex, binaryPropertyName);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(csv)], { type: 'text/csv' }), binary.fileName ?? 'leads.csv');
    form.append('fields', (this.getNodeParameter('fields', itemIndex) as string[]).join(','));
    const targetIcp = this.getNodeParameter('targetIcp', itemIndex, '') as string;
    if (targetIcp) form.append('target_icp', targetIcp);
    for (const [name, value] of Object.entries(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject)) {
      if (value !== '' && value !== undefined && value !== null) form.append(name, String(value));
    }
    const created = await engineRequest.call(this, {
      method: 'POST',
      path: '/enrich-csv',
      body: form,
      idempotencyKey: idempotencyKey(this, `enrich:${itemIndex}`),
      itemIndex,
    });
    if (!this.getNodeParameter('options.waitForCompletion', itemIndex, false)) return jsonItems(created);
    const job = await waitForJob.call(this, {
      statusPath: `/enrich-csv/jobs/${String(created.id)}`,
      label: `Enrichment job ${String(created.id)}`,
      timeoutSeconds: this.getNodeParameter('options.timeout', itemIndex, 600) as number,
      itemIndex,
    });
    return jsonItems(job);
  });
}
