import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { webhookCreateRequestSchema, webhookIdParamsSchema, webhookUpdateRequestSchema } from '@lead-engine/contracts';
import type {
  WebhookCreateRequest,
  WebhookEndpoint,
  WebhookEndpointCreated,
  WebhookEndpointList,
  WebhookIdParams,
  WebhookSecretRotated,
  WebhookUpdateRequest,
} from '@lead-engine/contracts';
import { CurrentPrincipal } from '../../infrastructure/http/current-principal.decorator';
import { ContractPipe } from '../../infrastructure/http/parse-input';
import type { Principal } from '../accounts/use-cases/authenticate-api-key.use-case';
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
}
