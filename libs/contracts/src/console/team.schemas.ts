import { z } from 'zod';
import { isoDateTime, queryBoolean } from '../common/common.schemas';
import { consoleRoleSchema } from './me.schemas';
import { consoleEmailSchema } from './session.schemas';

export const teamMemberSchema = z
  .strictObject({
    id: z.uuid(),
    name: z.string().describe('Empty until the invite is accepted'),
    email: z.string(),
    role: consoleRoleSchema,
    operator: z.boolean().describe('Also runs the server'),
    created_at: isoDateTime.describe('When the user was invited'),
    last_sign_in_at: isoDateTime.nullable().describe('The latest sign-in (or accepted link); null: never signed in'),
    sessions: z.number().int().min(0).describe('Live sessions: used in the last 7 days and younger than 30'),
    invite_pending: z.boolean().describe('True while the user has not accepted the invite (no password set yet)'),
  })
  .meta({ id: 'TeamMember' });
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamListSchema = z
  .strictObject({ items: z.array(teamMemberSchema).describe("The account's users, oldest first") })
  .meta({ id: 'TeamList' });
export type TeamList = z.infer<typeof teamListSchema>;

export const inviteTeamMemberRequestSchema = z
  .strictObject({ email: consoleEmailSchema, role: consoleRoleSchema })
  .meta({ id: 'InviteTeamMemberRequest' });
export type InviteTeamMemberRequest = z.infer<typeof inviteTeamMemberRequestSchema>;

export const invitedTeamMemberSchema = z
  .strictObject({
    user_id: z.uuid(),
    invite_url: z.string().describe('A one-time link to /app/invite/<token>, shown this once: only its hash is kept'),
    expires_at: isoDateTime.describe('The link works for 7 days'),
  })
  .meta({ id: 'InvitedTeamMember' });
export type InvitedTeamMember = z.infer<typeof invitedTeamMemberSchema>;

export const changeTeamRoleRequestSchema = z.strictObject({ role: consoleRoleSchema }).meta({ id: 'ChangeTeamRoleRequest' });
export type ChangeTeamRoleRequest = z.infer<typeof changeTeamRoleRequestSchema>;

/** Checked by the engine itself, so that an unknown and a malformed id both answer 404. */
export const teamMemberParamsSchema = z.strictObject({ id: z.string().describe('User id (uuid)') });
export type TeamMemberParams = z.infer<typeof teamMemberParamsSchema>;

export const teamMemberRemovalQuerySchema = z
  .strictObject({
    revokeKeys: queryBoolean(false, 'true: the API keys the user created are revoked with them; false (default): they stay the account’s'),
  })
  .meta({ id: 'TeamMemberRemovalQuery' });
export type TeamMemberRemovalQuery = z.infer<typeof teamMemberRemovalQuerySchema>;
