import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { acceptInviteRequestSchema, inviteTokenParamsSchema } from '@lead-engine/contracts';
import type { AcceptInviteRequest, InviteTokenParams, InviteView, MeResponse } from '@lead-engine/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ContractPipe } from '../../infrastructure/http/parse-input';
import { setSessionCookie } from './console-session-cookie';
import { sessionClientOf } from '../identity/current-session.decorator';
import { AcceptInviteUseCase } from './use-cases/accept-invite.use-case';
import { ViewInviteUseCase } from './use-cases/view-invite.use-case';

@Controller('console/api/invites')
export class InvitesController {
  constructor(
    private readonly viewInvite: ViewInviteUseCase,
    private readonly acceptInvite: AcceptInviteUseCase,
  ) {}

  @Get(':token')
  view(@Param(new ContractPipe(inviteTokenParamsSchema)) params: InviteTokenParams): Promise<InviteView> {
    return this.viewInvite.execute(params.token);
  }

  @Post(':token')
  @HttpCode(200)
  async accept(
    @Param(new ContractPipe(inviteTokenParamsSchema)) params: InviteTokenParams,
    @Body(new ContractPipe(acceptInviteRequestSchema)) body: AcceptInviteRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MeResponse> {
    const signedIn = await this.acceptInvite.execute({
      token: params.token,
      name: body.name,
      password: body.password,
      client: sessionClientOf(request),
    });
    setSessionCookie(request, reply, signedIn.token);
    return signedIn.me;
  }
}
