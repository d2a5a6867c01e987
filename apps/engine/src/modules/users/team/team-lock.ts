import { DomainError } from '@lead-engine/core';
import type { EntityManager } from 'typeorm';
import type { TeamRepository } from './team.repository';
import type { TeamViewer } from './team-scope';

/**
 * Takes the account's row for the rest of the transaction, then checks that the viewer is still one of its
 * owners: two owners demoting or removing each other at once are served one after the other, and the
 * second sees the first's change.
 */
export async function lockTeamFor(manager: EntityManager, team: TeamRepository, viewer: TeamViewer, accountId: string): Promise<void> {
  if (!(await team.lockAccount(manager, accountId))) throw new DomainError('FORBIDDEN', 'Only owners of the account manage its team.');
  const self = await team.findMember(manager, accountId, viewer.userId);
  if (self?.role !== 'owner') throw new DomainError('FORBIDDEN', 'Only owners of the account manage its team.');
}
