import { z } from 'zod';
import { NAME_MAX_LENGTH, visibleName } from '../common/visible-name';

export const consoleRoleSchema = z.enum(['owner', 'member']);
export type ConsoleRole = z.infer<typeof consoleRoleSchema>;

export const consoleUserSchema = z
  .strictObject({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    role: consoleRoleSchema.nullable().describe('Role in the account; null for a user without an account'),
    operator: z.boolean().describe('Runs the server: sees every account'),
  })
  .meta({ id: 'ConsoleUser' });
export type ConsoleUser = z.infer<typeof consoleUserSchema>;

export const consoleAccountSchema = z
  .strictObject({
    id: z.uuid(),
    name: z.string(),
    balance: z.number().int().describe('Credits available now'),
  })
  .meta({ id: 'ConsoleAccount' });
export type ConsoleAccount = z.infer<typeof consoleAccountSchema>;

export const meResponseSchema = z
  .strictObject({
    user: consoleUserSchema,
    account: consoleAccountSchema.nullable().describe('The account the user belongs to; null for an operator without one'),
  })
  .meta({ id: 'MeResponse' });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const consoleNameSchema = visibleName(NAME_MAX_LENGTH).describe(
  '1 to 100 characters, trimmed, without control or invisible format characters (Unicode Cc, Cf)',
);

export const updateMeRequestSchema = z.strictObject({ name: consoleNameSchema }).meta({ id: 'UpdateMeRequest' });
export type UpdateMeRequest = z.infer<typeof updateMeRequestSchema>;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 1024;
export const consoleNewPasswordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH).describe('At least 10 characters');

export const changePasswordRequestSchema = z
  .strictObject({
    current_password: z.string().max(PASSWORD_MAX_LENGTH),
    new_password: consoleNewPasswordSchema,
  })
  .meta({ id: 'ChangePasswordRequest' });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
