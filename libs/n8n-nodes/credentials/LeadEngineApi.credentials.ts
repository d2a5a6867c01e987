import type { IAuthenticateGeneric, Icon, ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';

export class LeadEngineApi implements ICredentialType {
  name = 'leadEngineApi';

  displayName = 'Lead Engine API';

  icon: Icon = { light: 'file:../icons/leadEngine.svg', dark: 'file:../icons/leadEngine.dark.svg' };

  documentationUrl = 'https://github.com/lead-engine/lead-engine/tree/main/libs/n8n-nodes#credentials';

  properties: INodeProperties[] = [
    {
      displayName: 'Base URL',
      name: 'baseUrl',
      type: 'string',
      default: 'http://localhost:3000',
      placeholder: 'https://leads.example.com',
      description: 'Address of the Lead Engine server, without /api/v1',
      required: true,
    },
    {
      displayName: 'API Key',
      name: 'apiKey',
      type: 'string',
      typeOptions: { password: true },
      default: '',
      placeholder: 'le_live_...',
      description: 'An API key of the account whose credits the workflow spends',
      required: true,
    },
  ];

  authenticate: IAuthenticateGeneric = {
    type: 'generic',
    properties: {
      headers: {
        'X-API-Key': '={{$credentials.apiKey}}',
      },
    },
  };

  test: ICredentialTestRequest = {
    request: {
      baseURL: '={{$credentials.baseUrl}}',
      url: '/api/v1/credits',
      method: 'GET',
    },
  };
}
