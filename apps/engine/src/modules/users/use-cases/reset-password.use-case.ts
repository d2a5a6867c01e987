import { Injectable } from '@nestjs/common';
import { consoleEmailSchema } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { InviteLinks } from '../invite-links';
import { UsersRepository } from '../users.repository';

export interface PasswordReset {
  userId: string;
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

  async execute(rawEmail: string): Promise<PasswordReset> {
    const email = consoleEmailSchema.safeParse(rawEmail);
    if (!email.success) throw new DomainError('VALIDATION_ERROR', `not an email address: ${rawEmail}`);
    return this.dataSource.transaction(async (manager) => {
      const user = await this.users.findUserByEmail(manager, email.data);
      if (!user) throw new DomainError('NOT_FOUND', `no user with the email ${email.data}`);
      const link = await this.links.issue(manager, user.id, user.passwordHash ? 'reset' : 'invite');
      return { userId: user.id, resetUrl: link.url, expiresAt: link.expiresAt.toISOString() };
    });
  }
}
