import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  changeTeamRoleRequestSchema,
  inviteTeamMemberRequestSchema,
  teamMemberParamsSchema,
  teamMemberRemovalQuerySchema,
} from '@lead-engine/contracts';
import type {
  ChangeTeamRoleRequest,
  InvitedTeamMember,
  InviteTeamMemberRequest,
  TeamList,
  TeamMember,
  TeamMemberParams,
  TeamMemberRemovalQuery,
} from '@lead-engine/contracts';
import { ContractPipe } from '../../../infrastructure/http/parse-input';
import { CurrentSession } from '../../identity/current-session.decorator';
import type { ConsoleSessionPrincipal } from '../../identity/session-authentication';
import { ChangeTeamRoleUseCase } from './use-cases/change-team-role.use-case';
import { InviteTeamMemberUseCase } from './use-cases/invite-team-member.use-case';
import { ListTeamUseCase } from './use-cases/list-team.use-case';
import { RemoveTeamMemberUseCase } from './use-cases/remove-team-member.use-case';

/** The console's team page: an owner's view of their account's users. */
@Controller('console/api/team')
export class TeamController {
  constructor(
    private readonly listTeam: ListTeamUseCase,
    private readonly inviteTeamMember: InviteTeamMemberUseCase,
    private readonly changeTeamRole: ChangeTeamRoleUseCase,
    private readonly removeTeamMember: RemoveTeamMemberUseCase,
  ) {}

  @Get()
  list(@CurrentSession() session: ConsoleSessionPrincipal): Promise<TeamList> {
    return this.listTeam.execute(session);
  }

  @Post('invites')
  @HttpCode(201)
  invite(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Body(new ContractPipe(inviteTeamMemberRequestSchema)) body: InviteTeamMemberRequest,
  ): Promise<InvitedTeamMember> {
    return this.inviteTeamMember.execute(session, body);
  }

  @Patch(':id')
  changeRole(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(teamMemberParamsSchema)) params: TeamMemberParams,
    @Body(new ContractPipe(changeTeamRoleRequestSchema)) body: ChangeTeamRoleRequest,
  ): Promise<TeamMember> {
    return this.changeTeamRole.execute(session, params.id, body.role);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(teamMemberParamsSchema)) params: TeamMemberParams,
    @Query(new ContractPipe(teamMemberRemovalQuerySchema)) query: TeamMemberRemovalQuery,
  ): Promise<void> {
    return this.removeTeamMember.execute(session, params.id, query);
  }
}
