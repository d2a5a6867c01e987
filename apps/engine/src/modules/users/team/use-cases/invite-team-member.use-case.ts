import { Injectable } from '@nestjs/common';
import type { ConsoleRole, InvitedTeamMember } from '@lead-engine/contracts';
import { InviteUserUseCase } from '../../use-cases/invite-user.use-case';
import { teamAccountOf, TeamViewer } from '../team-scope';

/**
 * An owner invites someone to their own account: the same user and one-time link as the CLI's users:invite,
 * refused only for an email already of this account; whether it has a user elsewhere is for accepting to find.
 */
@Injectable()
export class InviteTeamMemberUseCase {
  constructor(private readonly inviteUser: InviteUserUseCase) {}

  async execute(viewer: TeamViewer, invite: { email: string; role: ConsoleRole }): Promise<InvitedTeamMember> {
    const accountId = teamAccountOf(viewer);
    const invited = await this.inviteUser.execute({ accountId, email: invite.email, role: invite.role, withinAccount: true });
    return { user_id: invited.userId, invite_url: invited.inviteUrl, expires_at: invited.expiresAt };
  }
}
