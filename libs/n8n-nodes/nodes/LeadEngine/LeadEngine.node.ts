import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { resources } from './actions/resources';
import { router } from './actions/router';
import * as loadOptions from './methods/loadOptions';

export class LeadEngine implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Lead Engine',
    name: 'leadEngine',
    icon: { light: 'file:../../icons/leadEngine.svg', dark: 'file:../../icons/leadEngine.dark.svg' },
    group: ['transform'],
    version: 1,
    subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
    description: 'Find, reveal and export B2B leads, score ICP fit, enrich CSVs with AI and read company websites',
    defaults: { name: 'Lead Engine' },
    usableAsTool: true,
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: 'leadEngineApi', required: true }],
    properties: [
      {
        displayName: 'Resource',
        name: 'resource',
        type: 'options',
        noDataExpression: true,
        options: [
          { name: 'Credit', value: 'credits' },
          { name: 'Enrichment', value: 'enrichment' },
          { name: 'Export', value: 'export' },
          { name: 'ICP', value: 'icp' },
          { name: 'Lead', value: 'lead' },
          { name: 'Scrape', value: 'scrape' },
        ],
        default: 'lead',
      },
      ...Object.values(resources).flatMap((resource) => resource.description),
    ],
  };

  methods = { loadOptions };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    return await router.call(this);
  }
}
