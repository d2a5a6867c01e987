import { Inject, Injectable } from '@nestjs/common';
import type { TeamList } from '@lead-engine/contracts';
import { DataSource } from 'typeorm';
import { CLOCK, Clock } from '../../../../infrastructure/clock/clock';
import { sessionLimitsAt } from '../../session-starter';
import { UserSessionsRepository } from '../../user-sessions.repository';
import { teamMemberJson } from '../team-member-view';
import { TeamRepository } from '../team.repository';
import { teamAccountOf, TeamViewer } from '../team-scope';

/** The team page: the owner's account's users, oldest first, with their live sessions. */
@Injectable()
export class ListTeamUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly team: TeamRepository,
    private readonly sessions: UserSessionsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(viewer: TeamViewer): Promise<TeamList> {
    const accountId = teamAccountOf(viewer);
    const manager = this.dataSource.manager;
    const members = await this.team.listMembers(manager, accountId);
    const live = await this.sessions.countLiveSessions(
      manager,
      members.map((member) => member.id),
      sessionLimitsAt(this.clock.now()),
    );
    return { items: members.map((member) => teamMemberJson(member, live.get(member.id) ?? 0)) };
  }
}
