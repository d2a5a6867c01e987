import {
  CONTACT_IMPORT_UPLOAD,
  contactImportDetailSchema,
  contactImportFormSchema,
  contactImportListSchema,
  contactImportParamsSchema,
  generateContactsRequestSchema,
} from '../console/operator-contact-imports.schemas';
import { createApiKeyRequestSchema, createdApiKeySchema } from '../console/api-keys.schemas';
import { operatorContactsSchema } from '../console/operator-contacts.schemas';
import {
  createdOperatorAccountSchema,
  createOperatorAccountRequestSchema,
  operatorAccountBalanceSchema,
  operatorAccountKeyParamsSchema,
  operatorAccountPageSchema,
  operatorAccountParamsSchema,
  operatorAccountSchema,
  operatorAccountSearchQuerySchema,
  operatorAccountUserParamsSchema,
  operatorGrantRequestSchema,
  operatorPasswordResetSchema,
  operatorSetPlanRequestSchema,
} from '../console/operator-accounts.schemas';
import { operatorSystemSchema } from '../console/operator-system.schemas';
import { invitedTeamMemberSchema, inviteTeamMemberRequestSchema } from '../console/team.schemas';
import { ApiOperation } from './api-operation';

const operatorsOnly = { tag: 'Operator', startsJobOrSpends: false, access: 'operator' } as const;

/** The console's operator pages: what whoever runs the server sees of it. */
export const OPERATOR_OPERATIONS = [
  {
    ...operatorsOnly,
    operationId: 'operatorGetSystem',
    method: 'get',
    path: '/console/api/operator/system',
    summary: 'PostgreSQL, Redis, migrations, the engine processes with their lead tables, and the webhook backlog (operator)',
    description:
      "The System page in one call, for the server's operator only: any other signed-in user is refused with 403 FORBIDDEN. Free and read-only; every figure is read by a bounded query (no table is counted row by row) or from Redis's INFO. Each engine process reports itself, its role, version and lead table every 10 seconds; the ones seen in the last minute are listed.",
    success: { status: 200, description: 'The state of the server', schema: operatorSystemSchema },
    errors: [],
  },
  {
    ...operatorsOnly,
    operationId: 'operatorGetContacts',
    method: 'get',
    path: '/console/api/operator/contacts',
    summary: 'Contacts in totals: all, by country, by industry and by company size (operator)',
    description:
      "The Contacts page's totals, for the server's operator only: any other signed-in user is refused with 403 FORBIDDEN. Free and read-only; counted from the engine's lead table in memory, never from PostgreSQL row by row, so an import shows here once the engine has taken it in (seconds).",
    success: { status: 200, description: 'The totals', schema: operatorContactsSchema },
    errors: [],
  },
  {
    ...operatorsOnly,
    operationId: 'operatorImportContacts',
    method: 'post',
    path: '/console/api/operator/contact-imports',
    summary: 'Import a contacts CSV by upload, as a job (operator)',
    description:
      "The same import as the CLI's contacts:import (contract §6), run by a worker so the page may be closed: the file is streamed to PostgreSQL as it arrives (never held whole, up to 4 GB) and answered at once with the queued import; follow it with GET /console/api/operator/contact-imports/{id}. Rows that break the format are rejected with their line number and reason, the others are inserted or updated by id. An empty file, or one whose header row lacks a required column, is refused at once with 400 INVALID_CSV and nothing is kept. An import stopped by a restart is failed, not resumed: the rows written before it stay; upload the file again (rows with an id are updated, not doubled).",
    body: contactImportFormSchema,
    upload: CONTACT_IMPORT_UPLOAD,
    success: { status: 202, description: 'The import, queued', schema: contactImportDetailSchema },
    errors: ['VALIDATION_ERROR', 'INVALID_CSV', 'PAYLOAD_TOO_LARGE'],
  },
  {
    ...operatorsOnly,
    operationId: 'operatorGenerateContacts',
    method: 'post',
    path: '/console/api/operator/contact-imports/generated',
    summary: 'Write synthetic contacts, as a job (operator)',
    description:
      "The CLI's contacts:generate run by a worker: count realistic synthetic contacts, the same ones for the same seed (writing a seed again updates its contacts rather than adding more). Answers the queued import at once; follow it with GET /console/api/operator/contact-imports/{id}.",
    body: generateContactsRequestSchema,
    success: { status: 202, description: 'The generation, queued', schema: contactImportDetailSchema },
    errors: ['VALIDATION_ERROR'],
  },
  {
    ...operatorsOnly,
    operationId: 'operatorListContactImports',
    method: 'get',
    path: '/console/api/operator/contact-imports',
    summary: 'The latest contacts imports and generations with their progress (operator)',
    description:
      "The Contacts page's list of imports: the latest 20, newest first, each with its status and counts (rows read, imported, updated, rejected). Free and read-only.",
    success: { status: 200, description: 'The latest imports', schema: contactImportListSchema },
    errors: [],
  },
  {
    ...operatorsOnly,
    operationId: 'operatorGetContactImport',
    method: 'get',
    path: '/console/api/operator/contact-imports/{id}',
    summary: 'One contacts import: its progress, counts and rejected rows (operator)',
    description:
      'Its progress as the worker writes it (bytes and rows read, imported, updated, rejected: at most a second or 10,000 rows behind) and the first 1,000 rejected rows with their line numbers and reasons. An unknown id and one that is not a uuid both answer 404 NOT_FOUND. Free and read-only.',
    params: contactImportParamsSchema,
    success: { status: 200, description: 'The import', schema: contactImportDetailSchema },
    errors: ['NOT_FOUND'],
  },
  {
    ...operatorsOnly,
    operationId: 'operatorSearchAccounts',
    method: 'get',
    path: '/console/api/operator/accounts',
    summary: "Find accounts by name, id, a user's email or an API key's start (operator)",
    description:
      "The Accounts page's search, for the server's operator only. q matches any part of an account's name (case ignored), an account id exactly, a user's email exactly (case ignored) or the start of an API key (le_live_…, at least 12 characters); without q every account is listed. Newest account first, paged by next_cursor. Each row carries the balance, plan, user and live key counts and the last activity. Free and read-only.",
    query: operatorAccountSearchQuerySchema,
    success: { status: 200, description: 'A page of accounts', schema: operatorAccountPageSchema },
    errors: ['VALIDATION_ERROR'],
  },
  {
    ...operatorsOnly,
    operationId: 'operatorCreateAccount',
    method: 'post',
    path: '/console/api/operator/accounts',
    summary: 'Create an account with its welcome credits and first API key (operator)',
    description:
      "Creates an account as the operator CLI's accounts:create does: the welcome credits are granted in the ledger and a first API key is made, shown in this answer only. The creation is recorded as an operator action on the account. Invite its first owner next (the CLI's users:invite).",
    body: createOperatorAccountRequestSchema,
    success: { status: 201, description: 'The new account and its API key', schema: createdOperatorAccountSchema },
    errors: ['VALIDATION_ERROR'],
  },
  {
    ...operatorsOnly,
    operationId: 'operatorGetAccount',
    method: 'get',
    path: '/console/api/operator/accounts/{id}',
    summary: "An account's credits, plan, trial, users, keys, last activity and operator actions (operator)",
    description:
      "One account's page for the server's operator: its balance with what it earned and spent, plan and renewal, trial, users (removed ones marked), API keys (revoked ones included), last activity and the 50 latest operator actions on it with who did them. An unknown id and one that is not a uuid both answer 404 NOT_FOUND. Free and read-only.",
    params: operatorAccountParamsSchema,
    success: { status: 200, description: 'The account', schema: operatorAccountSchema },
    errors: ['NOT_FOUND'],
  },
  {
    ...operatorsOnly,
    operationId: 'operatorGrantCredits',
    method: 'post',
    path: '/console/api/operator/accounts/{id}/grants',
    summary: 'Grant credits to an account, with a reason (operator)',
    description:
      "Adds credits as the operator CLI's credits:grant does: one grant in the ledger whose reason the account's usage shows and whose reference names the granting operator (operator:<user id>), recorded as an operator action in the same transaction. Answers the account's credits after it.",
    params: operatorAccountParamsSchema,
    body: operatorGrantRequestSchema,
    success: { status: 201, description: 'The credits after the grant', schema: operatorAccountBalanceSchema },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
  },
  {
    ...operatorsOnly,
    operationId: 'operatorSetPlan',
    method: 'put',
    path: '/console/api/operator/accounts/{id}/plan',
    summary: "Set or end an account's plan (operator)",
    description:
      "As the operator CLI's plans:set: a new plan grants its first month's credits at once and renews a month later; setting the plan it already has changes nothing; none ends the plan and the credits granted stay. Recorded as an operator action. Answers the account as its page shows it.",
    params: operatorAccountParamsSchema,
    body: operatorSetPlanRequestSchema,
    success: { status: 200, description: 'The account after the change', schema: operatorAccountSchema },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
  },
  {
    ...operatorsOnly,
    operationId: 'operatorStartTrial',
    method: 'post',
    path: '/console/api/operator/accounts/{id}/trial',
    summary: "Start an account's one-time trial (operator)",
    description:
      "As the operator CLI's trial:start: grants the trial credits, which lapse when the trial ends unless spent. The trial is once per account: a second start answers 409 TRIAL_USED. Recorded as an operator action. Answers the account as its page shows it.",
    params: operatorAccountParamsSchema,
    success: { status: 201, description: 'The account with its trial started', schema: operatorAccountSchema },
    errors: ['NOT_FOUND', 'TRIAL_USED'],
  },
  {
    ...operatorsOnly,
    operationId: 'operatorCreateApiKey',
    method: 'post',
    path: '/console/api/operator/accounts/{id}/keys',
    summary: 'Create an API key for an account; the key is shown this once (operator)',
    description:
      "As the operator CLI's keys:create, with a name: the key belongs to the account and spends its credits on /api/v1; its owners see it with no creator, as a key of the operator's. It starts without budgets, expiry or read-only flag. Only its hash is kept; the creation is recorded as an operator action with the key's id, name and prefix, never the key.",
    params: operatorAccountParamsSchema,
    body: createApiKeyRequestSchema,
    success: { status: 201, description: 'The key, shown once, with a curl line that uses it', schema: createdApiKeySchema },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
  },
  {
    ...operatorsOnly,
    operationId: 'operatorRevokeApiKey',
    method: 'delete',
    path: '/console/api/operator/accounts/{id}/keys/{keyId}',
    summary: "Revoke one of an account's API keys: /api/v1 refuses it at once (operator)",
    description:
      "As the operator CLI's keys:revoke, by the key's id within this account: every engine drops its cached lookup of the key, so the next call with it answers 401. Recorded as an operator action. Another account's key, a revoked, unknown or malformed id: 404 NOT_FOUND alike.",
    params: operatorAccountKeyParamsSchema,
    success: { status: 204, description: 'Revoked' },
    errors: ['NOT_FOUND'],
  },
  {
    ...operatorsOnly,
    operationId: 'operatorInviteUser',
    method: 'post',
    path: '/console/api/operator/accounts/{id}/invites',
    summary: 'Invite a user to an account; the one-time link is shown this once (operator)',
    description:
      "As the operator CLI's users:invite: a new user of the account with the role given, and a link valid 7 days for them to choose their name and password; no mail is sent. An email that already has a user anywhere on the server answers 409 USER_EXISTS. Recorded as an operator action with the user's id, email and role, never the link.",
    params: operatorAccountParamsSchema,
    body: inviteTeamMemberRequestSchema,
    success: { status: 201, description: 'The new user and their invite link', schema: invitedTeamMemberSchema },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND', 'USER_EXISTS'],
  },
  {
    ...operatorsOnly,
    operationId: 'operatorResetPassword',
    method: 'post',
    path: '/console/api/operator/accounts/{id}/users/{userId}/password-reset',
    summary: "Make a one-time link to set an account user's password (operator)",
    description:
      "As the operator CLI's users:reset-password, for a user of this account: a link valid 7 days to set a new password (a user who never accepted their invite gets a new invite link); the password stays as it is until the link is used. Recorded as an operator action, never the link. Another account's user, a removed, unknown or malformed id: 404 NOT_FOUND alike.",
    params: operatorAccountUserParamsSchema,
    success: { status: 201, description: 'The one-time link', schema: operatorPasswordResetSchema },
    errors: ['NOT_FOUND'],
  },
] as const satisfies readonly ApiOperation[];
