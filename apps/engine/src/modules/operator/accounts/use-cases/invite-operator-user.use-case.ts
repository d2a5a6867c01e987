import { Injectable } from '@nestjs/common';
import type { InvitedTeamMember, InviteTeamMemberRequest } from '@lead-engine/contracts';
import { DataSource } from 'typeorm';
import { InviteUserUseCase } from '../../../users/use-cases/invite-user.use-case';
import { operatorAccountId } from '../operator-account-id';
import { OperatorActionsRepository } from '../operator-actions.repository';

/** users:invite from the console: an email with a user anywhere on the server is refused, as the CLI refuses it; the link is not recorded. */
@Injectable()
export class InviteOperatorUserUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly inviteUser: InviteUserUseCase,
    private readonly actions: OperatorActionsRepository,
  ) {}

  async execute(operatorUserId: string, id: string, request: InviteTeamMemberRequest): Promise<InvitedTeamMember> {
    const accountId = operatorAccountId(id);
    return this.dataSource.transaction(async (manager) => {
      const invited = await this.inviteUser.execute({ accountId, email: request.email, role: request.role }, manager);
      await this.actions.record(manager, {
        operatorUserId,
        accountId,
        action: 'user.invite',
        details: { user_id: invited.userId, email: request.email, role: request.role },
      });
      return { user_id: invited.userId, invite_url: invited.inviteUrl, expires_at: invited.expiresAt };
    });
  }
}
