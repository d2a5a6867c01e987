import { Injectable } from '@nestjs/common';
import { DomainError } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { PasswordHasher } from '../password-hasher';
import { AttemptOutcome, SignInThrottle } from '../sign-in-throttle';
import { UserSessionsRepository } from '../user-sessions.repository';
import { UsersRepository } from '../users.repository';

export interface ChangePasswordCommand {
  userId: string;
  sessionId: string;
  currentPassword: string;
  newPassword: string;
  /** The client's address, counted by the throttle as a sign-in's is. */
  address: string;
}

/** A new password ends every other session of the user; the one that changed it stays. */
@Injectable()
export class ChangePasswordUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly sessions: UserSessionsRepository,
    private readonly passwords: PasswordHasher,
    private readonly throttle: SignInThrottle,
  ) {}

  async execute(command: ChangePasswordCommand): Promise<void> {
    // Checked under the sign-in throttle, per user: a session left open is no oracle for the password.
    await this.throttle.reservePasswordCheck(command.userId, command.address);
    let outcome: AttemptOutcome = 'unfinished';
    try {
      const user = await this.users.findUser(this.dataSource.manager, command.userId);
      if (!user || !(await this.passwords.verify(user.passwordHash, command.currentPassword))) {
        outcome = 'failed';
        throw new DomainError('INVALID_CREDENTIALS', 'The current password is wrong.');
      }
      outcome = 'succeeded';
    } finally {
      await this.throttle.endPasswordCheck(command.userId, command.address, outcome);
    }
    const passwordHash = await this.passwords.hash(command.newPassword);
    await this.dataSource.transaction(async (manager) => {
      await this.users.setPassword(manager, command.userId, passwordHash);
      await this.sessions.deleteUserSessions(manager, command.userId, command.sessionId);
    });
  }
}
