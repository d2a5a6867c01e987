import { z } from 'zod';
import { isoDateTime } from '../common/common.schemas';
import { consoleNameSchema, consoleNewPasswordSchema } from './me.schemas';

export const invitePurposeSchema = z.enum(['invite', 'reset']);
export type InvitePurpose = z.infer<typeof invitePurposeSchema>;

export const inviteViewSchema = z
  .strictObject({
    email: z.string(),
    account_name: z.string().nullable().describe('The account the invite joins; null for an operator without one'),
    purpose: invitePurposeSchema.describe('invite: set a name and a password; reset: set a new password'),
    expires_at: isoDateTime,
  })
  .meta({ id: 'InviteView' });
export type InviteView = z.infer<typeof inviteViewSchema>;

export const acceptInviteRequestSchema = z
  .strictObject({
    name: consoleNameSchema.optional().describe('Required when the purpose is invite; ignored for reset'),
    password: consoleNewPasswordSchema,
  })
  .meta({ id: 'AcceptInviteRequest' });
export type AcceptInviteRequest = z.infer<typeof acceptInviteRequestSchema>;

export const inviteTokenParamsSchema = z.strictObject({ token: z.string().describe('The token of the invite link') });
export type InviteTokenParams = z.infer<typeof inviteTokenParamsSchema>;
