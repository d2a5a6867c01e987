import { Inject, Injectable } from '@nestjs/common';
import type { InvitePurpose } from '@lead-engine/contracts';
import { EntityManager } from 'typeorm';
import type { EngineConfig } from '../../config/engine-config.schema';
import { CLOCK, Clock } from '../../infrastructure/clock/clock';
import { ENGINE_CONFIG } from '../../infrastructure/tokens';
import { hashSecretToken, newSecretToken } from './secret-tokens';
import { UsersRepository } from './users.repository';

export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export interface IssuedLink {
  url: string;
  expiresAt: Date;
}

/** One-time links to /app/invite/<token>, valid 7 days, on PUBLIC_URL (default http://localhost:PORT). */
@Injectable()
export class InviteLinks {
  private readonly base: string;

  constructor(
    private readonly users: UsersRepository,
    @Inject(ENGINE_CONFIG) config: EngineConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.base = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  }

  async issue(manager: EntityManager, userId: string, purpose: InvitePurpose): Promise<IssuedLink> {
    const token = newSecretToken();
    const expiresAt = new Date(this.clock.now().getTime() + INVITE_LIFETIME_MS);
    await this.users.insertInvite(manager, { userId, purpose, tokenHash: hashSecretToken(token), expiresAt });
    return { url: `${this.base}/app/invite/${token}`, expiresAt };
  }
}
