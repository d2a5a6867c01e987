import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  webhookCreateRequestSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryParamsSchema,
  webhookIdParamsSchema,
  webhookUpdateRequestSchema,
} from '@lead-engine/contracts';
import type {
  WebhookCreateRequest,
  WebhookDeliveriesQuery,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookDeliveryParams,
  WebhookEndpoint,
  WebhookEndpointCreated,
  WebhookEndpointList,
  WebhookIdParams,
  WebhookSecretRotated,
  WebhookUpdateRequest,
} from '@lead-engine/contracts';
import { CurrentPrincipal } from '../identity/current-principal.decorator';
import { ContractPipe } from '../../infrastructure/http/parse-input';
import type { Principal } from '../identity/current-principal.decorator';
import { ListWebhookDeliveriesUseCase } from './deliveries/use-cases/list-webhook-deliveries.use-case';
import { RedeliverWebhookUseCase } from './deliveries/use-cases/redeliver-webhook.use-case';
import { CreateWebhookEndpointUseCase } from './use-cases/create-webhook-endpoint.use-case';
import { DeleteWebhookEndpointUseCase } from './use-cases/delete-webhook-endpoint.use-case';
import { GetWebhookEndpointUseCase } from './use-cases/get-webhook-endpoint.use-case';
import { ListWebhookEndpointsUseCase } from './use-cases/list-webhook-endpoints.use-case';
import { RotateWebhookSecretUseCase } from './use-cases/rotate-webhook-secret.use-case';
import { UpdateWebhookEndpointUseCase } from './use-cases/update-webhook-endpoint.use-case';

@Controller('api/v1/webhooks')
export class WebhooksController {
  constructor(
    private readonly createEndpoint: CreateWebhookEndpointUseCase,
    private readonly listEndpoints: ListWebhookEndpointsUseCase,
    private readonly getEndpoint: GetWebhookEndpointUseCase,
    private readonly updateEndpoint: UpdateWebhookEndpointUseCase,
    private readonly deleteEndpoint: DeleteWebhookEndpointUseCase,
    private readonly rotateSecret: RotateWebhookSecretUseCase,
    private readonly listDeliveries: ListWebhookDeliveriesUseCase,
    private readonly redeliverWebhook: RedeliverWebhookUseCase,
  ) {}

  @Post()
  @HttpCode(201)
  create(
    @CurrentPrincipal() principal: Principal,
    @Body(new ContractPipe(webhookCreateRequestSchema)) body: WebhookCreateRequest,
  ): Promise<WebhookEndpointCreated> {
    return this.createEndpoint.execute({ accountId: principal.accountId, request: body });
  }

  @Get()
  list(@CurrentPrincipal() principal: Principal): Promise<WebhookEndpointList> {
    return this.listEndpoints.execute(principal.accountId);
  }

  @Get(':id')
  get(
    @CurrentPrincipal() principal: Principal,
    @Param(new ContractPipe(webhookIdParamsSchema)) params: WebhookIdParams,
  ): Promise<WebhookEndpoint> {
    return this.getEndpoint.execute(principal.accountId, params.id);
  }

  @Patch(':id')
  update(
    @CurrentPrincipal() principal: Principal,
    @Param(new ContractPipe(webhookIdParamsSchema)) params: WebhookIdParams,
    @Body(new ContractPipe(webhookUpdateRequestSchema)) body: WebhookUpdateRequest,
  ): Promise<WebhookEndpoint> {
    return this.updateEndpoint.execute({ accountId: principal.accountId, id: params.id, request: body });
  }

  @Delete(':id')
  @HttpCode(204)
  delete(@CurrentPrincipal() principal: Principal, @Param(new ContractPipe(webhookIdParamsSchema)) params: WebhookIdParams): Promise<void> {
    return this.deleteEndpoint.execute(principal.accountId, params.id);
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  rotate(
    @CurrentPrincipal() principal: Principal,
    @Param(new ContractPipe(webhookIdParamsSchema)) params: WebhookIdParams,
  ): Promise<WebhookSecretRotated> {
    return this.rotateSecret.execute(principal.accountId, params.id);
  }

  @Get(':id/deliveries')
  deliveries(
    @CurrentPrincipal() principal: Principal,
    @Param(new ContractPipe(webhookIdParamsSchema)) params: WebhookIdParams,
    @Query(new ContractPipe(webhookDeliveriesQuerySchema)) query: WebhookDeliveriesQuery,
  ): Promise<WebhookDeliveryList> {
    return this.listDeliveries.execute(principal.accountId, params.id, query);
  }

  @Post(':id/deliveries/:deliveryId/redeliver')
  @HttpCode(202)
  redeliver(
    @CurrentPrincipal() principal: Principal,
    @Param(new ContractPipe(webhookDeliveryParamsSchema)) params: WebhookDeliveryParams,
  ): Promise<WebhookDelivery> {
    return this.redeliverWebhook.execute(principal.accountId, params.id, params.deliveryId);
  }
}
