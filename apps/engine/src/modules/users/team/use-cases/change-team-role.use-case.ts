import { Inject, Injectable } from '@nestjs/common';
import type { ConsoleRole, TeamMember } from '@lead-engine/contracts';
import { DataSource } from 'typeorm';
import { CLOCK, Clock } from '../../../../infrastructure/clock/clock';
import { sessionLimitsAt } from '../../session-starter';
import { UserSessionsRepository } from '../../user-sessions.repository';
import { teamMemberJson } from '../team-member-view';
import { TeamRepository } from '../team.repository';
import { lockTeamFor } from '../team-lock';
import { isUserId, lastOwner, teamAccountOf, teamMemberNotFound, TeamViewer } from '../team-scope';

/** An owner makes a user of their account an owner or a member; the account keeps at least one owner (409 LAST_OWNER). */
@Injectable()
export class ChangeTeamRoleUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly team: TeamRepository,
    private readonly sessions: UserSessionsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(viewer: TeamViewer, userId: string, role: ConsoleRole): Promise<TeamMember> {
    const accountId = teamAccountOf(viewer);
    if (!isUserId(userId)) throw teamMemberNotFound();
    return this.dataSource.transaction(async (manager) => {
      await lockTeamFor(manager, this.team, viewer, accountId);
      const member = await this.team.findMember(manager, accountId, userId, true);
      if (!member) throw teamMemberNotFound();
      if (member.role === 'owner' && role !== 'owner' && (await this.team.countOwners(manager, accountId)) <= 1) throw lastOwner();
      if (member.role !== role) await this.team.setRole(manager, userId, role);
      const live = await this.sessions.countLiveSessions(manager, [userId], sessionLimitsAt(this.clock.now()));
      return teamMemberJson({ ...member, role }, live.get(userId) ?? 0);
    });
  }
}
