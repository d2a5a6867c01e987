import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { CLOCK, Clock } from '../../../infrastructure/clock/clock';
import { hashSecretToken } from '../secret-tokens';
import { SESSION_TOUCH_INTERVAL_MS, sessionLimitsAt } from '../session-starter';
import type { ConsoleSessionPrincipal } from '../../identity/session-authentication';
import { UserSessionsRepository } from '../user-sessions.repository';

/** The session a console request's cookie names, live (idle under 7 days, younger than 30), or 401 SESSION_REQUIRED. */
@Injectable()
export class AuthenticateSessionUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: UserSessionsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(token: string | undefined): Promise<ConsoleSessionPrincipal> {
    if (!token) throw new DomainError('SESSION_REQUIRED');
    const now = this.clock.now();
    const session = await this.sessions.findLiveSession(this.dataSource.manager, hashSecretToken(token), sessionLimitsAt(now));
    if (!session) throw new DomainError('SESSION_REQUIRED', 'The session has ended or expired; sign in again.');
    if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
      await this.sessions.touchSession(this.dataSource.manager, session.sessionId, now);
    }
    return session;
  }
}
