import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Put, Req } from '@nestjs/common';
import { changePasswordRequestSchema, consoleSessionParamsSchema, updateMeRequestSchema } from '@lead-engine/contracts';
import type { ChangePasswordRequest, ConsoleSessionList, ConsoleSessionParams, MeResponse, UpdateMeRequest } from '@lead-engine/contracts';
import type { FastifyRequest } from 'fastify';
import { ContractPipe } from '../../infrastructure/http/parse-input';
import { CurrentSession, sessionClientOf } from '../identity/current-session.decorator';
import type { ConsoleSessionPrincipal } from '../identity/session-authentication';
import { ChangePasswordUseCase } from './use-cases/change-password.use-case';
import { EndSessionUseCase } from './use-cases/end-session.use-case';
import { GetMeUseCase } from './use-cases/get-me.use-case';
import { ListSessionsUseCase } from './use-cases/list-sessions.use-case';
import { UpdateMeUseCase } from './use-cases/update-me.use-case';

@Controller('console/api/me')
export class MeController {
  constructor(
    private readonly getMe: GetMeUseCase,
    private readonly updateMe: UpdateMeUseCase,
    private readonly changePassword: ChangePasswordUseCase,
    private readonly listSessions: ListSessionsUseCase,
    private readonly endSession: EndSessionUseCase,
  ) {}

  @Get()
  get(@CurrentSession() session: ConsoleSessionPrincipal): Promise<MeResponse> {
    return this.getMe.execute(session.userId);
  }

  @Patch()
  update(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Body(new ContractPipe(updateMeRequestSchema)) body: UpdateMeRequest,
  ): Promise<MeResponse> {
    return this.updateMe.execute(session.userId, body.name);
  }

  @Put('password')
  @HttpCode(204)
  password(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Body(new ContractPipe(changePasswordRequestSchema)) body: ChangePasswordRequest,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    return this.changePassword.execute({
      userId: session.userId,
      sessionId: session.sessionId,
      currentPassword: body.current_password,
      newPassword: body.new_password,
      address: sessionClientOf(request).address,
    });
  }

  @Get('sessions')
  sessions(@CurrentSession() session: ConsoleSessionPrincipal): Promise<ConsoleSessionList> {
    return this.listSessions.execute(session.userId, session.sessionId);
  }

  @Delete('sessions/:id')
  @HttpCode(204)
  end(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(consoleSessionParamsSchema)) params: ConsoleSessionParams,
  ): Promise<void> {
    return this.endSession.execute(session.userId, params.id);
  }
}
