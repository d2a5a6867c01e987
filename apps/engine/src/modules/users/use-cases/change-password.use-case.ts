import { Injectable } from '@nestjs/common';
import { DomainError } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { PasswordHasher } from '../password-hasher';
import { UserSessionsRepository } from '../user-sessions.repository';
import { UsersRepository } from '../users.repository';

export interface ChangePasswordCommand {
  userId: string;
  sessionId: string;
  currentPassword: string;
  newPassword: string;
}

/** A new password ends every other session of the user; the one that changed it stays. */
@Injectable()
export class ChangePasswordUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly sessions: UserSessionsRepository,
    private readonly passwords: PasswordHasher,
  ) {}

  async execute(command: ChangePasswordCommand): Promise<void> {
    const user = await this.users.findUser(this.dataSource.manager, command.userId);
    if (!user || !(await this.passwords.verify(user.passwordHash, command.currentPassword))) {
      throw new DomainError('INVALID_CREDENTIALS', 'The current password is wrong.');
    }
    const passwordHash = await this.passwords.hash(command.newPassword);
    await this.dataSource.transaction(async (manager) => {
      await this.users.setPassword(manager, command.userId, passwordHash);
      await this.sessions.deleteUserSessions(manager, command.userId, command.sessionId);
    });
  }
}
