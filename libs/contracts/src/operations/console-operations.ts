import { acceptInviteRequestSchema, inviteTokenParamsSchema, inviteViewSchema } from '../console/invite.schemas';
import { changePasswordRequestSchema, meResponseSchema, updateMeRequestSchema } from '../console/me.schemas';
import { consoleSessionListSchema, consoleSessionParamsSchema, signInRequestSchema } from '../console/session.schemas';
import { ApiOperation } from './api-operation';

const signedIn = { tag: 'Console', authenticated: false, startsJobOrSpends: false, console: { session: true } } as const;
const signedOut = { tag: 'Console', authenticated: false, startsJobOrSpends: false, console: { session: false } } as const;

/** The console's API: what the app at /app calls, with the session cookie. */
export const CONSOLE_OPERATIONS: ApiOperation[] = [
  {
    ...signedOut,
    operationId: 'consoleSignIn',
    method: 'post',
    path: '/console/api/session',
    summary: 'Sign in: a new session and its cookie',
    description:
      'After 5 consecutive failures for one email, attempts are refused with 429 RATE_LIMITED and Retry-After for 30 s, doubling with each failure after a wait up to 15 minutes; at most 30 failures per client address per 10 minutes. An unknown email and a wrong password answer alike.',
    body: signInRequestSchema,
    success: {
      status: 200,
      description: 'Signed in; Set-Cookie carries the session',
      schema: meResponseSchema,
      headers: { 'Set-Cookie': { description: 'The session cookie (le_session, or __Host-le_session over HTTPS)', type: 'string' } },
    },
    errors: ['INVALID_CREDENTIALS', 'RATE_LIMITED'],
    errorStatuses: { RATE_LIMITED: 429 },
  },
  {
    ...signedOut,
    operationId: 'consoleSignOut',
    method: 'delete',
    path: '/console/api/session',
    summary: 'Sign out: ends this session and clears its cookie',
    success: { status: 204, description: 'Signed out (also when there was no session)' },
    errors: [],
  },
  {
    ...signedIn,
    operationId: 'consoleSignOutEverywhere',
    method: 'delete',
    path: '/console/api/sessions',
    summary: "Sign out everywhere: ends every one of the user's sessions",
    success: { status: 204, description: 'Every session ended' },
    errors: [],
  },
  {
    ...signedIn,
    operationId: 'consoleGetMe',
    method: 'get',
    path: '/console/api/me',
    summary: 'The signed-in user and their account',
    success: { status: 200, description: 'The user and the account with its balance', schema: meResponseSchema },
    errors: [],
  },
  {
    ...signedIn,
    operationId: 'consoleUpdateMe',
    method: 'patch',
    path: '/console/api/me',
    summary: "Change one's own name",
    body: updateMeRequestSchema,
    success: { status: 200, description: 'The user and the account', schema: meResponseSchema },
    errors: [],
  },
  {
    ...signedIn,
    operationId: 'consoleChangePassword',
    method: 'put',
    path: '/console/api/me/password',
    summary: "Change one's own password; every other session of the user ends",
    body: changePasswordRequestSchema,
    success: { status: 204, description: 'Password changed; this session stays' },
    errors: ['INVALID_CREDENTIALS'],
  },
  {
    ...signedIn,
    operationId: 'consoleListSessions',
    method: 'get',
    path: '/console/api/me/sessions',
    summary: "The user's sessions",
    success: { status: 200, description: 'Sessions, newest first', schema: consoleSessionListSchema },
    errors: [],
  },
  {
    ...signedIn,
    operationId: 'consoleEndSession',
    method: 'delete',
    path: '/console/api/me/sessions/{id}',
    summary: 'End one of the user’s sessions',
    params: consoleSessionParamsSchema,
    success: { status: 204, description: 'The session ended' },
    errors: ['NOT_FOUND'],
  },
  {
    ...signedOut,
    operationId: 'consoleGetInvite',
    method: 'get',
    path: '/console/api/invites/{token}',
    summary: 'What an invite or password-reset link is for',
    params: inviteTokenParamsSchema,
    success: { status: 200, description: 'The invite', schema: inviteViewSchema },
    errors: ['INVITE_INVALID'],
  },
  {
    ...signedOut,
    operationId: 'consoleAcceptInvite',
    method: 'post',
    path: '/console/api/invites/{token}',
    summary: 'Accept an invite or reset link: set the password (and name) and sign in',
    params: inviteTokenParamsSchema,
    body: acceptInviteRequestSchema,
    success: {
      status: 200,
      description: 'Signed in; Set-Cookie carries the session',
      schema: meResponseSchema,
      headers: { 'Set-Cookie': { description: 'The session cookie', type: 'string' } },
    },
    errors: ['INVITE_INVALID'],
  },
];
