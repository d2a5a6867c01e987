import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { hashSecretToken } from '../secret-tokens';
import { UserSessionsRepository } from '../user-sessions.repository';

/** Ends the session the cookie names, if any: signing out twice is not an error. */
@Injectable()
export class SignOutUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: UserSessionsRepository,
  ) {}

  async execute(token: string | undefined): Promise<void> {
    if (token) await this.sessions.deleteByTokenHash(this.dataSource.manager, hashSecretToken(token));
  }
}
