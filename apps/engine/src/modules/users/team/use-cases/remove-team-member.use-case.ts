import { Injectable } from '@nestjs/common';
import { DomainError } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { AccountsRepository } from '../../../accounts/accounts.repository';
import { ApiKeyRevocations } from '../../../accounts/api-key-revocations';
import { TeamRepository } from '../team.repository';
import { lockTeamFor } from '../team-lock';
import { isUserId, lastOwner, teamAccountOf, teamMemberNotFound, TeamViewer } from '../team-scope';

/**
 * An owner removes a user of their account (themselves too, unless they are the last owner): the user is
 * marked removed and their sessions end, so their next request answers 401, while everything they did
 * still names them. The keys they created stay the account's unless the owner revokes them with the user
 * (announced, so every engine drops them at once). The server's operator is not the account's to remove:
 * 403 FORBIDDEN, the operator is managed through the CLI.
 */
@Injectable()
export class RemoveTeamMemberUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly team: TeamRepository,
    private readonly accounts: AccountsRepository,
    private readonly revocations: ApiKeyRevocations,
  ) {}

  async execute(viewer: TeamViewer, userId: string, options: { revokeKeys: boolean }): Promise<void> {
    const accountId = teamAccountOf(viewer);
    if (!isUserId(userId)) throw teamMemberNotFound();
    const revoked = await this.dataSource.transaction(async (manager) => {
      await lockTeamFor(manager, this.team, viewer, accountId);
      const member = await this.team.findMember(manager, accountId, userId, true);
      if (!member) throw teamMemberNotFound();
      if (member.operator) {
        throw new DomainError(
          'FORBIDDEN',
          "This user is the server's operator: an account's owner cannot remove them. Whoever runs the server manages the operator through the CLI.",
        );
      }
      if (member.role === 'owner' && (await this.team.countOwners(manager, accountId)) <= 1) throw lastOwner();
      await this.team.markRemoved(manager, userId);
      return options.revokeKeys ? this.accounts.revokeKeysCreatedBy(manager, accountId, userId) : [];
    });
    await Promise.all(revoked.map((lookupPrefix) => this.revocations.announce(lookupPrefix)));
  }
}
