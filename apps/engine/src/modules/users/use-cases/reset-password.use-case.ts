import { Injectable } from '@nestjs/common';
import { consoleEmailSchema } from '@lead-engine/contracts';
import { DomainError, isUuid } from '@lead-engine/core';
import { DataSource, EntityManager } from 'typeorm';
import { inTransaction } from '../../../infrastructure/database/transaction';
import { InviteLinks } from '../invite-links';
import { UserRecord, UsersRepository } from '../users.repository';

export interface PasswordReset {
  userId: string;
  email: string;
  resetUrl: string;
  expiresAt: string;
}

/** A one-time link to set a new password; for a user who never accepted their invite, a new invite link. */
@Injectable()
export class ResetPasswordUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly links: InviteLinks,
  ) {}

  /** The CLI's: whoever has the email on the server. */
  async execute(rawEmail: string): Promise<PasswordReset> {
    const email = consoleEmailSchema.safeParse(rawEmail);
    if (!email.success) throw new DomainError('VALIDATION_ERROR', `not an email address: ${rawEmail}`);
    return this.dataSource.transaction(async (manager) => {
      const user = await this.users.findUserByEmail(manager, email.data);
      if (!user) throw new DomainError('NOT_FOUND', `no user with the email ${email.data}`);
      return this.linkFor(manager, user);
    });
  }

  /**
   * The operator's pages': a user of this account by id (an email may be pending in several accounts), or
   * NOT_FOUND; in the caller's transaction when given one.
   */
  async executeWithin(accountId: string, userId: string, callerManager?: EntityManager): Promise<PasswordReset> {
    return inTransaction(this.dataSource, callerManager, async (manager) => {
      const user = isUuid(userId) ? await this.users.findUser(manager, userId) : null;
      if (!user || user.accountId !== accountId) throw new DomainError('NOT_FOUND', 'No such user.');
      return this.linkFor(manager, user);
    });
  }

  private async linkFor(manager: EntityManager, user: UserRecord): Promise<PasswordReset> {
    const link = await this.links.issue(manager, user.id, user.passwordHash ? 'reset' : 'invite');
    return { userId: user.id, email: user.email, resetUrl: link.url, expiresAt: link.expiresAt.toISOString() };
  }
}
