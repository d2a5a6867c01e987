import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { CLOCK, Clock } from '../../../infrastructure/clock/clock';
import { PasswordHasher } from '../password-hasher';
import { SessionClient, SessionStarter } from '../session-starter';
import { UserSessionsRepository } from '../user-sessions.repository';
import { isUniqueViolation, UsersRepository } from '../users.repository';
import { GetMeUseCase } from './get-me.use-case';
import type { SignedIn } from './sign-in.use-case';
import { openInvite } from './view-invite.use-case';

export interface AcceptInviteCommand {
  token: string;
  name?: string;
  password: string;
  client: SessionClient;
}

/**
 * Sets the password (and, for an invite, the name), uses up the user's open links, ends every session
 * the user had (a reset is a new password) and signs them in with a new one.
 */
@Injectable()
export class AcceptInviteUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly sessions: UserSessionsRepository,
    private readonly passwords: PasswordHasher,
    private readonly starter: SessionStarter,
    private readonly getMe: GetMeUseCase,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(command: AcceptInviteCommand): Promise<SignedIn> {
    const first = await openInvite(this.users, this.dataSource.manager, command.token, this.clock.now());
    if (first.purpose === 'invite' && !command.name)
      throw new DomainError('VALIDATION_ERROR', 'name: required to accept an invite', {
        details: [{ path: 'name', message: 'Required to accept an invite' }],
      });
    // Hashed before the transaction: argon2 takes tens of milliseconds that no row lock should wait on.
    const passwordHash = await this.passwords.hash(command.password);
    const token = await this.dataSource.transaction(async (manager) => {
      const now = this.clock.now();
      const invite = await openInvite(this.users, manager, command.token, now, true);
      // A user belongs to at most one account (console.md): an invite to an email that already has a user
      // elsewhere is refused here, where the person the email belongs to answers it, and stays unused.
      const owned = () =>
        new DomainError(
          'USER_EXISTS',
          `${invite.email} already has a Lead Engine user, and a user belongs to at most one account: sign in with it, or ask to be invited with another email.`,
        );
      if (await this.users.emailOwnedElsewhere(manager, invite.userId, invite.email)) throw owned();
      await this.users
        .setPassword(manager, invite.userId, passwordHash, invite.purpose === 'invite' ? command.name : undefined)
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? owned() : error;
        });
      await this.users.useOpenInvites(manager, invite.userId, now);
      await this.sessions.deleteUserSessions(manager, invite.userId);
      return { userId: invite.userId, token: await this.starter.start(manager, invite.userId, command.client) };
    });
    return { token: token.token, me: await this.getMe.execute(token.userId) };
  }
}
