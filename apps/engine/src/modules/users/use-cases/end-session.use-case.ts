import { Injectable } from '@nestjs/common';
import { DomainError, isUuid } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { UserSessionsRepository } from '../user-sessions.repository';

/** Ends one of the user's own sessions; another user's, an unknown or a malformed id answer alike: 404. */
@Injectable()
export class EndSessionUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: UserSessionsRepository,
  ) {}

  async execute(userId: string, sessionId: string): Promise<void> {
    const ended = isUuid(sessionId) && (await this.sessions.deleteUserSession(this.dataSource.manager, userId, sessionId));
    if (!ended) throw new DomainError('NOT_FOUND', 'No such session.');
  }
}
