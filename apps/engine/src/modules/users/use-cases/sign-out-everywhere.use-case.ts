import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UserSessionsRepository } from '../user-sessions.repository';

@Injectable()
export class SignOutEverywhereUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: UserSessionsRepository,
  ) {}

  async execute(userId: string): Promise<void> {
    await this.sessions.deleteUserSessions(this.dataSource.manager, userId);
  }
}
