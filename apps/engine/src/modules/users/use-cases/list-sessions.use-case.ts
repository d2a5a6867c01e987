import { Inject, Injectable } from '@nestjs/common';
import type { ConsoleSessionList } from '@lead-engine/contracts';
import { browserLabel } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { CLOCK, Clock } from '../../../infrastructure/clock/clock';
import { sessionLimitsAt } from '../session-starter';
import { UserSessionsRepository } from '../user-sessions.repository';

@Injectable()
export class ListSessionsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: UserSessionsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(userId: string, currentSessionId: string): Promise<ConsoleSessionList> {
    const sessions = await this.sessions.listLiveSessions(this.dataSource.manager, userId, sessionLimitsAt(this.clock.now()));
    return {
      items: sessions.map((session) => ({
        id: session.id,
        created_at: session.createdAt.toISOString(),
        last_seen_at: session.lastSeenAt.toISOString(),
        address: session.address,
        browser: browserLabel(session.userAgent),
        current: session.id === currentSessionId,
      })),
    };
  }
}
