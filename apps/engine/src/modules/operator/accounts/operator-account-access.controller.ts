import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import {
  createApiKeyRequestSchema,
  inviteTeamMemberRequestSchema,
  operatorAccountKeyParamsSchema,
  operatorAccountParamsSchema,
  operatorAccountUserParamsSchema,
} from '@lead-engine/contracts';
import type {
  CreateApiKeyRequest,
  CreatedApiKey,
  InvitedTeamMember,
  InviteTeamMemberRequest,
  OperatorAccountKeyParams,
  OperatorAccountParams,
  OperatorAccountUserParams,
  OperatorPasswordReset,
} from '@lead-engine/contracts';
import { ContractPipe } from '../../../infrastructure/http/parse-input';
import { CurrentSession } from '../../identity/current-session.decorator';
import type { ConsoleSessionPrincipal } from '../../identity/session-authentication';
import { CreateOperatorApiKeyUseCase } from './use-cases/create-operator-api-key.use-case';
import { InviteOperatorUserUseCase } from './use-cases/invite-operator-user.use-case';
import { ResetOperatorUserPasswordUseCase } from './use-cases/reset-operator-user-password.use-case';
import { RevokeOperatorApiKeyUseCase } from './use-cases/revoke-operator-api-key.use-case';

/** Who gets into an account, from its operator page: its API keys, a new user, a user's password link. */
@Controller('console/api/operator/accounts/:id')
export class OperatorAccountAccessController {
  constructor(
    private readonly createKey: CreateOperatorApiKeyUseCase,
    private readonly revokeKey: RevokeOperatorApiKeyUseCase,
    private readonly inviteUser: InviteOperatorUserUseCase,
    private readonly resetPassword: ResetOperatorUserPasswordUseCase,
  ) {}

  @Post('keys')
  @HttpCode(201)
  createApiKey(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(operatorAccountParamsSchema)) params: OperatorAccountParams,
    @Body(new ContractPipe(createApiKeyRequestSchema)) body: CreateApiKeyRequest,
  ): Promise<CreatedApiKey> {
    return this.createKey.execute(session.userId, params.id, body);
  }

  @Delete('keys/:keyId')
  @HttpCode(204)
  revokeApiKey(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(operatorAccountKeyParamsSchema)) params: OperatorAccountKeyParams,
  ): Promise<void> {
    return this.revokeKey.execute(session.userId, params.id, params.keyId);
  }

  @Post('invites')
  @HttpCode(201)
  invite(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(operatorAccountParamsSchema)) params: OperatorAccountParams,
    @Body(new ContractPipe(inviteTeamMemberRequestSchema)) body: InviteTeamMemberRequest,
  ): Promise<InvitedTeamMember> {
    return this.inviteUser.execute(session.userId, params.id, body);
  }

  @Post('users/:userId/password-reset')
  @HttpCode(201)
  passwordReset(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(operatorAccountUserParamsSchema)) params: OperatorAccountUserParams,
  ): Promise<OperatorPasswordReset> {
    return this.resetPassword.execute(session.userId, params.id, params.userId);
  }
}
