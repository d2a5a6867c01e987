import { Injectable } from '@nestjs/common';
import { consoleEmailSchema, ConsoleRole } from '@lead-engine/contracts';
import { DomainError, isUuid } from '@lead-engine/core';
import { DataSource, EntityManager } from 'typeorm';
import { inTransaction } from '../../../infrastructure/database/transaction';
import { AccountsRepository } from '../../accounts/accounts.repository';
import { InviteLinks } from '../invite-links';
import { isUniqueViolation, UsersRepository } from '../users.repository';

export interface InviteUserCommand {
  accountId?: string;
  email: string;
  role?: ConsoleRole;
  operator?: boolean;
  /**
   * An owner's invite from the team page: it looks for the email in this account only, so that it never
   * says whether the email has a user elsewhere (accepting decides). The operator's CLI looks everywhere.
   */
  withinAccount?: boolean;
}

export interface InvitedUser {
  userId: string;
  inviteUrl: string;
  expiresAt: string;
}

/** A new user and their one-time invite link; a user needs an account, or is an operator. */
@Injectable()
export class InviteUserUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly accounts: AccountsRepository,
    private readonly links: InviteLinks,
  ) {}

  async execute(command: InviteUserCommand, callerManager?: EntityManager): Promise<InvitedUser> {
    const email = consoleEmailSchema.safeParse(command.email);
    if (!email.success) throw new DomainError('VALIDATION_ERROR', `not an email address: ${command.email}`);
    const operator = command.operator ?? false;
    if (!command.accountId && !operator) throw new DomainError('VALIDATION_ERROR', 'a user needs --account, or is an --operator');
    if (!command.accountId && command.role) throw new DomainError('VALIDATION_ERROR', '--role needs --account');
    return inTransaction(this.dataSource, callerManager, async (manager) => {
      if (command.accountId && (!isUuid(command.accountId) || !(await this.accounts.findAccount(manager, command.accountId)))) {
        throw new DomainError('NOT_FOUND', `no account ${command.accountId}`);
      }
      const taken = () =>
        command.withinAccount
          ? new DomainError('USER_EXISTS', `${email.data} is already a user of this account`)
          : new DomainError('USER_EXISTS', `a user with the email ${email.data} exists`);
      const existing =
        command.withinAccount && command.accountId
          ? await this.users.findAccountUserByEmail(manager, command.accountId, email.data)
          : await this.users.findUserByEmail(manager, email.data);
      if (existing) throw taken();
      const userId = await this.users
        .insertUser(manager, {
          accountId: command.accountId ?? null,
          email: email.data,
          role: command.accountId ? (command.role ?? 'member') : null,
          operator,
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? taken() : error;
        });
      const link = await this.links.issue(manager, userId, 'invite');
      return { userId, inviteUrl: link.url, expiresAt: link.expiresAt.toISOString() };
    });
  }
}
