import type { TeamMember } from '@lead-engine/contracts';
import type { TeamMemberRecord } from './team.repository';

export const teamMemberJson = (member: TeamMemberRecord, sessions: number): TeamMember => ({
  id: member.id,
  name: member.name,
  email: member.email,
  role: member.role,
  operator: member.operator,
  created_at: member.createdAt.toISOString(),
  last_sign_in_at: member.lastSignInAt?.toISOString() ?? null,
  sessions,
  invite_pending: member.invitePending,
});
