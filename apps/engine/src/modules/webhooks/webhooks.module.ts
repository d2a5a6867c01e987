import { Module } from '@nestjs/common';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { WebhookSecretsKey } from './webhook-secrets-key';
import { CreateWebhookEndpointUseCase } from './use-cases/create-webhook-endpoint.use-case';
import { DeleteWebhookEndpointUseCase } from './use-cases/delete-webhook-endpoint.use-case';
import { GetWebhookEndpointUseCase } from './use-cases/get-webhook-endpoint.use-case';
import { ListWebhookEndpointsUseCase } from './use-cases/list-webhook-endpoints.use-case';
import { RotateWebhookSecretUseCase } from './use-cases/rotate-webhook-secret.use-case';
import { UpdateWebhookEndpointUseCase } from './use-cases/update-webhook-endpoint.use-case';

const USE_CASES = [
  CreateWebhookEndpointUseCase,
  ListWebhookEndpointsUseCase,
  GetWebhookEndpointUseCase,
  UpdateWebhookEndpointUseCase,
  DeleteWebhookEndpointUseCase,
  RotateWebhookSecretUseCase,
];

@Module({
  providers: [WebhookEndpointsRepository, WebhookSecretsKey, ...USE_CASES],
  exports: [WebhookEndpointsRepository, WebhookSecretsKey, ...USE_CASES],
})
export class WebhooksModule {}
