import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  createOperatorAccountRequestSchema,
  operatorAccountParamsSchema,
  operatorAccountSearchQuerySchema,
  operatorGrantRequestSchema,
  operatorSetPlanRequestSchema,
} from '@lead-engine/contracts';
import type {
  CreatedOperatorAccount,
  CreateOperatorAccountRequest,
  OperatorAccount,
  OperatorAccountBalance,
  OperatorAccountPage,
  OperatorAccountParams,
  OperatorAccountSearchQuery,
  OperatorGrantRequest,
  OperatorSetPlanRequest,
} from '@lead-engine/contracts';
import { ContractPipe } from '../../../infrastructure/http/parse-input';
import { CurrentSession } from '../../identity/current-session.decorator';
import type { ConsoleSessionPrincipal } from '../../identity/session-authentication';
import { CreateOperatorAccountUseCase } from './use-cases/create-operator-account.use-case';
import { GetOperatorAccountUseCase } from './use-cases/get-operator-account.use-case';
import { GrantOperatorCreditsUseCase } from './use-cases/grant-operator-credits.use-case';
import { SearchOperatorAccountsUseCase } from './use-cases/search-operator-accounts.use-case';
import { SetOperatorPlanUseCase } from './use-cases/set-operator-plan.use-case';
import { StartOperatorTrialUseCase } from './use-cases/start-operator-trial.use-case';

/** The console's Accounts pages, for the server's operator (the operations' access refuses everyone else). */
@Controller('console/api/operator/accounts')
export class OperatorAccountsController {
  constructor(
    private readonly searchAccounts: SearchOperatorAccountsUseCase,
    private readonly createAccount: CreateOperatorAccountUseCase,
    private readonly getAccount: GetOperatorAccountUseCase,
    private readonly grantCredits: GrantOperatorCreditsUseCase,
    private readonly setPlan: SetOperatorPlanUseCase,
    private readonly startTrial: StartOperatorTrialUseCase,
  ) {}

  @Get()
  search(@Query(new ContractPipe(operatorAccountSearchQuerySchema)) query: OperatorAccountSearchQuery): Promise<OperatorAccountPage> {
    return this.searchAccounts.execute(query);
  }

  @Post()
  @HttpCode(201)
  create(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Body(new ContractPipe(createOperatorAccountRequestSchema)) body: CreateOperatorAccountRequest,
  ): Promise<CreatedOperatorAccount> {
    return this.createAccount.execute(session.userId, body);
  }

  @Get(':id')
  get(@Param(new ContractPipe(operatorAccountParamsSchema)) params: OperatorAccountParams): Promise<OperatorAccount> {
    return this.getAccount.execute(params.id);
  }

  @Post(':id/grants')
  @HttpCode(201)
  grant(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(operatorAccountParamsSchema)) params: OperatorAccountParams,
    @Body(new ContractPipe(operatorGrantRequestSchema)) body: OperatorGrantRequest,
  ): Promise<OperatorAccountBalance> {
    return this.grantCredits.execute(session.userId, params.id, body);
  }

  @Put(':id/plan')
  plan(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(operatorAccountParamsSchema)) params: OperatorAccountParams,
    @Body(new ContractPipe(operatorSetPlanRequestSchema)) body: OperatorSetPlanRequest,
  ): Promise<OperatorAccount> {
    return this.setPlan.execute(session.userId, params.id, body);
  }

  @Post(':id/trial')
  @HttpCode(201)
  trial(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(operatorAccountParamsSchema)) params: OperatorAccountParams,
  ): Promise<OperatorAccount> {
    return this.startTrial.execute(session.userId, params.id);
  }
}
