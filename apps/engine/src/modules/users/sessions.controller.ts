import { Body, Controller, Delete, HttpCode, Post, Req, Res } from '@nestjs/common';
import { signInRequestSchema } from '@lead-engine/contracts';
import type { MeResponse, SignInRequest } from '@lead-engine/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ContractPipe } from '../../infrastructure/http/parse-input';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from './console-session-cookie';
import { CurrentSession, sessionClientOf } from '../identity/current-session.decorator';
import type { ConsoleSessionPrincipal } from '../identity/session-authentication';
import { SignInUseCase } from './use-cases/sign-in.use-case';
import { SignOutEverywhereUseCase } from './use-cases/sign-out-everywhere.use-case';
import { SignOutUseCase } from './use-cases/sign-out.use-case';

@Controller('console/api')
export class SessionsController {
  constructor(
    private readonly signIn: SignInUseCase,
    private readonly signOut: SignOutUseCase,
    private readonly signOutEverywhere: SignOutEverywhereUseCase,
  ) {}

  @Post('session')
  @HttpCode(200)
  async create(
    @Body(new ContractPipe(signInRequestSchema)) body: SignInRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MeResponse> {
    const signedIn = await this.signIn.execute({ email: body.email, password: body.password, client: sessionClientOf(request) });
    setSessionCookie(request, reply, signedIn.token);
    return signedIn.me;
  }

  @Delete('session')
  @HttpCode(204)
  async remove(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.signOut.execute(sessionTokenOf(request));
    clearSessionCookie(request, reply);
  }

  @Delete('sessions')
  @HttpCode(204)
  async removeAll(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.signOutEverywhere.execute(session.userId);
    clearSessionCookie(request, reply);
  }
}
