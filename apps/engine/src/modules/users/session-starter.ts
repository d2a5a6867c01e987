import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CLOCK, Clock } from '../../infrastructure/clock/clock';
import { hashSecretToken, newSecretToken } from './secret-tokens';
import { SessionLimits, UserSessionsRepository } from './user-sessions.repository';
import { UsersRepository } from './users.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * DAY_MS;
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
/** last_seen_at is written at most once a minute per session. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

export const sessionLimitsAt = (now: Date): SessionLimits => ({
  seenAfter: new Date(now.getTime() - SESSION_IDLE_MS),
  createdAfter: new Date(now.getTime() - SESSION_LIFETIME_MS),
});

export interface SessionClient {
  address: string | null;
  userAgent: string | null;
}

/** A new session on every sign-in: a fresh token, never one the client sent (no fixation). */
@Injectable()
export class SessionStarter {
  constructor(
    private readonly sessions: UserSessionsRepository,
    private readonly users: UsersRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async start(manager: EntityManager, userId: string, client: SessionClient): Promise<string> {
    const now = this.clock.now();
    const token = newSecretToken();
    await this.sessions.deleteDeadSessions(manager, userId, sessionLimitsAt(now));
    await this.sessions.insertSession(manager, {
      userId,
      tokenHash: hashSecretToken(token),
      at: now,
      address: client.address,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
    });
    await this.users.recordSignIn(manager, userId, now);
    return token;
  }
}
