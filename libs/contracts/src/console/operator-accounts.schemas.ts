import { z } from 'zod';
import { isoDateTime } from '../common/common.schemas';
import { NAME_MAX_LENGTH, visibleName } from '../common/visible-name';
import { trialStateSchema } from './plan.schemas';

const count = z.number().int().min(0);

/** The largest grant one call makes; more is several grants, each with its reason. */
export const OPERATOR_GRANT_MAX_CREDITS = 10_000_000;
export const OPERATOR_GRANT_REASON_MAX_LENGTH = 200;
export const OPERATOR_ACCOUNTS_PAGE_MAX = 100;
export const OPERATOR_ACTIONS_SHOWN = 50;

export const OPERATOR_PLAN_CHOICES = ['starter', 'growth', 'pro', 'scale', 'none'] as const;

export const OPERATOR_ACTION_NAMES = [
  'account.create',
  'credits.grant',
  'plan.set',
  'trial.start',
  'key.create',
  'key.revoke',
  'user.invite',
  'password.reset',
] as const;
export type OperatorActionName = (typeof OPERATOR_ACTION_NAMES)[number];

export const operatorAccountParamsSchema = z.strictObject({
  id: z.string().describe('Account id (uuid); an id that is not one answers 404 like an unknown one'),
});
export type OperatorAccountParams = z.infer<typeof operatorAccountParamsSchema>;

export const operatorAccountSearchQuerySchema = z
  .strictObject({
    q: z
      .string()
      .trim()
      .max(254)
      .optional()
      .describe(
        "Matches an account's name (any part, case ignored), its id, a user's email, or the start of an API key (le_live_…); empty: every account",
      ),
    cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
    limit: z.coerce.number().int().min(1).max(OPERATOR_ACCOUNTS_PAGE_MAX).default(25).describe('Accounts per page, 1 to 100'),
  })
  .meta({ id: 'OperatorAccountSearchQuery' });
export type OperatorAccountSearchQuery = z.infer<typeof operatorAccountSearchQuerySchema>;
export type OperatorAccountSearchQueryInput = z.input<typeof operatorAccountSearchQuerySchema>;

const planName = z.string().nullable().describe('The plan (starter, growth, pro, scale); null: none');
const lastActivity = isoDateTime
  .nullable()
  .describe("The account's latest ledger entry or API key use, whichever is later; null: neither yet");

export const operatorAccountRowSchema = z
  .strictObject({
    id: z.uuid().describe('The account id'),
    name: z.string().describe("The account's name"),
    created_at: isoDateTime.describe('When the account was created'),
    balance: count.describe('Credits it holds now'),
    plan: planName,
    users: count.describe('Its users, removed ones left out'),
    keys: count.describe('Its API keys not revoked'),
    last_activity_at: lastActivity,
  })
  .meta({ id: 'OperatorAccountRow', description: 'An account as the search lists it' });
export type OperatorAccountRow = z.infer<typeof operatorAccountRowSchema>;

export const operatorAccountPageSchema = z
  .strictObject({
    items: z.array(operatorAccountRowSchema).describe('Newest account first'),
    next_cursor: z.string().nullable().describe('Pass as cursor for the next (older) page; null: this is the last page'),
  })
  .meta({ id: 'OperatorAccountPage', description: 'A page of accounts' });
export type OperatorAccountPage = z.infer<typeof operatorAccountPageSchema>;

export const operatorAccountBalanceSchema = z
  .strictObject({
    balance: count.describe('Credits it holds now: total_earned − total_spent'),
    total_earned: count.describe('Every credit granted or refunded to it'),
    total_spent: count.describe('Every credit spent or held from it'),
  })
  .meta({ id: 'OperatorAccountBalance', description: "The account's credits" });
export type OperatorAccountBalance = z.infer<typeof operatorAccountBalanceSchema>;

export const operatorAccountUserSchema = z
  .strictObject({
    id: z.uuid().describe('The user id'),
    name: z.string().describe('Their name; empty until they accept their invite'),
    email: z.string().describe('Their email'),
    role: z.enum(['owner', 'member']).describe('Their role in the account'),
    removed: z.boolean().describe('True: removed from the account (kept so the ledger still names them)'),
  })
  .meta({ id: 'OperatorAccountUser', description: 'A user of the account' });
export type OperatorAccountUser = z.infer<typeof operatorAccountUserSchema>;

export const operatorAccountKeySchema = z
  .strictObject({
    id: z.uuid().describe('The key id'),
    name: z.string().describe('What the key is for'),
    prefix: z.string().describe('The start of the key (le_live_ and 12 more characters)'),
    created_at: isoDateTime.describe('When it was created'),
    last_used_at: isoDateTime.nullable().describe('Its last request, at most 60 s behind; null: never used'),
    revoked_at: isoDateTime.nullable().describe('When it was revoked; null: it works'),
  })
  .meta({ id: 'OperatorAccountKey', description: 'An API key of the account, revoked ones included' });
export type OperatorAccountKey = z.infer<typeof operatorAccountKeySchema>;

export const operatorActionSchema = z
  .strictObject({
    id: z.uuid().describe('The record id'),
    action: z
      .enum(OPERATOR_ACTION_NAMES)
      .describe(
        'What was done: the account created, credits granted, the plan set, the trial started, an API key created or revoked, a user invited, a password link made',
      ),
    details: z
      .record(z.string(), z.unknown())
      .describe(
        "What it was done with: the amount and reason of a grant, the plan set, a key's id, name and prefix, a user's id, email and role; never a key or a link",
      ),
    created_at: isoDateTime.describe('When it was done'),
    operator: z
      .strictObject({
        id: z.uuid().describe("The operator's user id"),
        name: z.string().describe('Their name'),
        email: z.string().describe('Their email'),
      })
      .describe('Who did it'),
  })
  .meta({ id: 'OperatorAction', description: 'Something an operator did to the account from the console' });
export type OperatorActionView = z.infer<typeof operatorActionSchema>;

export const operatorAccountSchema = z
  .strictObject({
    id: z.uuid().describe('The account id'),
    name: z.string().describe("The account's name"),
    created_at: isoDateTime.describe('When the account was created'),
    balance: operatorAccountBalanceSchema,
    plan: z
      .strictObject({
        name: planName,
        renews_at: isoDateTime.nullable().describe('When the plan next grants its monthly credits; null without a plan'),
      })
      .describe("The account's plan"),
    trial: z
      .strictObject({
        state: trialStateSchema,
        started_at: isoDateTime.nullable().describe('When it started; null: never'),
        expires_at: isoDateTime.nullable().describe('When it ends; null: never started'),
      })
      .describe("The account's one-time trial"),
    users: z.array(operatorAccountUserSchema).describe('Its users, oldest first, removed ones included'),
    keys: z.array(operatorAccountKeySchema).describe('Its API keys, newest first, revoked ones included'),
    last_activity_at: lastActivity,
    actions: z.array(operatorActionSchema).describe(`The ${OPERATOR_ACTIONS_SHOWN} latest operator actions on it, newest first`),
  })
  .meta({ id: 'OperatorAccount', description: 'An account as its operator page shows it' });
export type OperatorAccount = z.infer<typeof operatorAccountSchema>;

export const createOperatorAccountRequestSchema = z
  .strictObject({
    name: visibleName(NAME_MAX_LENGTH).describe(
      "The account's name; 1 to 100 characters, trimmed, without control or invisible format characters",
    ),
  })
  .meta({ id: 'CreateOperatorAccountRequest' });
export type CreateOperatorAccountRequest = z.infer<typeof createOperatorAccountRequestSchema>;

export const createdOperatorAccountSchema = z
  .strictObject({
    account: operatorAccountSchema,
    api_key: z.string().describe('Its first API key, shown this once: only its hash is kept'),
  })
  .meta({ id: 'CreatedOperatorAccount', description: 'The new account, with its welcome credits and first API key' });
export type CreatedOperatorAccount = z.infer<typeof createdOperatorAccountSchema>;

export const operatorGrantRequestSchema = z
  .strictObject({
    amount: z.number().int().min(1).max(OPERATOR_GRANT_MAX_CREDITS).describe('Credits to add, 1 to 10,000,000'),
    reason: visibleName(OPERATOR_GRANT_REASON_MAX_LENGTH).describe(
      "Why: the account's usage lists the grant with it; 1 to 200 characters, trimmed",
    ),
  })
  .meta({ id: 'OperatorGrantRequest' });
export type OperatorGrantRequest = z.infer<typeof operatorGrantRequestSchema>;

export const operatorSetPlanRequestSchema = z
  .strictObject({
    plan: z
      .enum(OPERATOR_PLAN_CHOICES)
      .describe("The plan; a new one grants its first month's credits at once, none ends the plan (granted credits stay)"),
  })
  .meta({ id: 'OperatorSetPlanRequest' });
export type OperatorSetPlanRequest = z.infer<typeof operatorSetPlanRequestSchema>;

export const operatorAccountKeyParamsSchema = z.strictObject({
  id: operatorAccountParamsSchema.shape.id,
  keyId: z.string().describe("Key id (uuid); another account's key, a revoked, unknown or malformed id answer 404 alike"),
});
export type OperatorAccountKeyParams = z.infer<typeof operatorAccountKeyParamsSchema>;

export const operatorAccountUserParamsSchema = z.strictObject({
  id: operatorAccountParamsSchema.shape.id,
  userId: z.string().describe("User id (uuid); another account's user, a removed, unknown or malformed id answer 404 alike"),
});
export type OperatorAccountUserParams = z.infer<typeof operatorAccountUserParamsSchema>;

export const operatorPasswordResetSchema = z
  .strictObject({
    user_id: z.uuid().describe('The user'),
    reset_url: z
      .string()
      .describe(
        'A one-time link to /app/invite/<token> to set a new password (an invite link for a user who never set one), shown this once: only its hash is kept',
      ),
    expires_at: isoDateTime.describe('The link works for 7 days'),
  })
  .meta({ id: 'OperatorPasswordReset', description: "A one-time link to set the user's password" });
export type OperatorPasswordReset = z.infer<typeof operatorPasswordResetSchema>;
