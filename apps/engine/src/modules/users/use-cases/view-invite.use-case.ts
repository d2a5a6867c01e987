import { Inject, Injectable } from '@nestjs/common';
import type { InviteView } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import { DataSource, EntityManager } from 'typeorm';
import { CLOCK, Clock } from '../../../infrastructure/clock/clock';
import { hashSecretToken } from '../secret-tokens';
import { InviteRecord, UsersRepository } from '../users.repository';

/** An invite that can still be accepted, or 410 INVITE_INVALID: used, expired and unknown answer alike. */
export async function openInvite(
  users: UsersRepository,
  manager: EntityManager,
  token: string,
  now: Date,
  lock = false,
): Promise<InviteRecord> {
  const invite = token ? await users.findInvite(manager, hashSecretToken(token), lock) : null;
  if (!invite || invite.usedAt !== null || invite.expiresAt.getTime() <= now.getTime()) throw new DomainError('INVITE_INVALID');
  return invite;
}

@Injectable()
export class ViewInviteUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(token: string): Promise<InviteView> {
    const invite = await openInvite(this.users, this.dataSource.manager, token, this.clock.now());
    return {
      email: invite.email,
      account_name: invite.accountName,
      purpose: invite.purpose,
      expires_at: invite.expiresAt.toISOString(),
    };
  }
}
