import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { idempotencyKey } from '../../execution/idempotencyKey';
import { jsonItems, runPerItem } from '../../execution/runPerItem';
import { engineRequest } from '../../transport/engineRequest';

const show = { resource: ['icp'], operation: ['score'] };

export const description: INodeProperties[] = [
  {
    displayName: 'Target ICP',
    name: 'targetIcp',
    type: 'string',
    required: true,
    displayOptions: { show },
    default: '',
    placeholder: 'e.g. B2B SaaS companies with 50-500 employees selling to logistics teams',
    description: 'Your ideal customer in one or two sentences (at most 500 characters)',
  },
  {
    displayName: 'Email',
    name: 'email',
    type: 'string',
    placeholder: 'name@email.com',
    displayOptions: { show },
    default: '',
    description: 'Work email of the contact; without it, give first name, last name and domain',
  },
  {
    displayName: 'Additional Fields',
    name: 'additionalFields',
    type: 'collection',
    placeholder: 'Add Field',
    displayOptions: { show },
    default: {},
    options: [
      { displayName: 'Company', name: 'company', type: 'string', default: '' },
      { displayName: 'Domain', name: 'domain', type: 'string', default: '', placeholder: 'e.g. acme.com' },
      { displayName: 'First Name', name: 'first_name', type: 'string', default: '' },
      { displayName: 'Industry', name: 'industry', type: 'string', default: '' },
      { displayName: 'Last Name', name: 'last_name', type: 'string', default: '' },
      { displayName: 'Title', name: 'title', type: 'string', default: '', description: 'Job title' },
    ],
  },
];

/** Grades each input item's contact against the target ICP (1 credit a call). */
export async function execute(this: IExecuteFunctions) {
  return await runPerItem(this, async (itemIndex) => {
    const body: IDataObject = { target_icp: this.getNodeParameter('targetIcp', itemIndex) };
    const email = this.getNodeParameter('email', itemIndex, '') as string;
    if (email) body.email = email;
    for (const [name, value] of Object.entries(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject)) {
      if (value !== '' && value !== undefined && value !== null) body[name] = value;
    }
    const score = await engineRequest.call(this, {
      method: 'POST',
      path: '/icp-score',
      body,
      idempotencyKey: idempotencyKey(this, `icp:${itemIndex}`),
      itemIndex,
    });
    return jsonItems(score);
  });
}
