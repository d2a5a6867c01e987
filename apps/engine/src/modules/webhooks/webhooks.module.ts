import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { QUEUE_NAMES } from '@lead-engine/contracts';
import { OutboundModule } from '../../infrastructure/outbound/outbound.module';
import { CreditsModule } from '../credits/credits.module';
import { CreditsLowOnDebit } from './deliveries/credits-low-on-debit';
import { HttpWebhookSender } from './deliveries/http-webhook-sender';
import { WebhookDispatcher } from './deliveries/jobs/webhook-dispatcher';
import { DeliverWebhookUseCase } from './deliveries/use-cases/deliver-webhook.use-case';
import { ListWebhookDeliveriesUseCase } from './deliveries/use-cases/list-webhook-deliveries.use-case';
import { RedeliverWebhookUseCase } from './deliveries/use-cases/redeliver-webhook.use-case';
import { WebhookDeliveriesRepository } from './deliveries/webhook-deliveries.repository';
import { WebhookOutbox } from './deliveries/webhook-outbox';
import { WEBHOOK_SENDER } from './deliveries/webhook-sender.port';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { WebhookSecretsKey } from './webhook-secrets-key';
import { WebhookUrlGuard } from './webhook-url-guard';
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
  ListWebhookDeliveriesUseCase,
  RedeliverWebhookUseCase,
  DeliverWebhookUseCase,
];

@Module({
  imports: [BullModule.registerQueue({ name: QUEUE_NAMES.webhooks }), OutboundModule, CreditsModule],
  providers: [
    WebhookEndpointsRepository,
    WebhookSecretsKey,
    WebhookUrlGuard,
    WebhookDeliveriesRepository,
    WebhookDispatcher,
    WebhookOutbox,
    CreditsLowOnDebit,
    { provide: WEBHOOK_SENDER, useClass: HttpWebhookSender },
    ...USE_CASES,
  ],
  exports: [
    WebhookEndpointsRepository,
    WebhookSecretsKey,
    WebhookDeliveriesRepository,
    WebhookDispatcher,
    WebhookOutbox,
    BullModule,
    ...USE_CASES,
  ],
})
export class WebhooksModule {}
