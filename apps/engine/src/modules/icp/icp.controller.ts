import { Body, Controller, HttpCode, Post, UseInterceptors } from '@nestjs/common';
import { icpScoreRequestSchema } from '@lead-engine/contracts';
import type { IcpScoreRequest, IcpScoreResponse } from '@lead-engine/contracts';
import { CurrentPrincipal } from '../identity/current-principal.decorator';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { ContractPipe } from '../../infrastructure/http/parse-input';
import type { Principal } from '../identity/current-principal.decorator';
import { ScoreIcpUseCase } from './use-cases/score-icp.use-case';

@Controller('api/v1/icp-score')
export class IcpController {
  constructor(private readonly scoreIcp: ScoreIcpUseCase) {}

  @Post()
  @HttpCode(200)
  @UseInterceptors(IdempotencyInterceptor)
  score(
    @CurrentPrincipal() principal: Principal,
    @Body(new ContractPipe(icpScoreRequestSchema)) body: IcpScoreRequest,
  ): Promise<IcpScoreResponse> {
    return this.scoreIcp.execute({ ...principal, request: body });
  }
}
