import { CONSOLE_SESSION_COOKIE, MeResponse } from '@lead-engine/contracts';
import { CONSOLE_OPERATIONS, createApiClient } from '@lead-engine/contracts/client';
import { randomBytes } from 'node:crypto';
import { runCliInProcess } from './engine-under-test';
import type { TestEnvironment } from './test-environment';

export interface InvitedUser {
  userId: string;
  inviteUrl: string;
  expiresAt: string;
  /** The token at the end of the invite link. */
  token: string;
}

export interface InviteOptions {
  accountId?: string;
  email?: string;
  role?: 'owner' | 'member';
  operator?: boolean;
}

/** Invites a user with the operator CLI's command (`users:invite`), as an operator would. */
export async function inviteUser(environment: TestEnvironment, options: InviteOptions = {}): Promise<InvitedUser & { email: string }> {
  const email = options.email ?? `user-${randomBytes(4).toString('hex')}@example.com`;
  const args = ['users:invite', '--email', email, '--json'];
  if (options.accountId) args.push('--account', options.accountId);
  if (options.role) args.push('--role', options.role);
  if (options.operator) args.push('--operator');
  const result = await runCliInProcess(environment, args);
  if (result.code !== 0) throw new Error(`users:invite failed: ${result.stderr}`);
  const invited = JSON.parse(result.stdout) as Omit<InvitedUser, 'token'>;
  return { ...invited, email, token: tokenOfLink(invited.inviteUrl) };
}

export const tokenOfLink = (link: string) => new URL(link).pathname.split('/').pop()!;

/** The value of the session cookie a response set ('' when it cleared it), or undefined when it set none. */
export function sessionCookieOf(response: Response): string | undefined {
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${CONSOLE_SESSION_COOKIE}=`));
  return cookie?.slice(CONSOLE_SESSION_COOKIE.length + 1).split(';', 1)[0];
}

export interface ConsoleRequest {
  body?: unknown;
  /** A multipart/form-data body (an upload endpoint's), sent instead of `body`. */
  form?: FormData;
  headers?: Record<string, string>;
}

/**
 * The console's API as its page calls it: JSON bodies (multipart forms on upload endpoints), the engine's own Origin on every request, and the
 * session cookie it was given (or the one the last sign-in set) carried along.
 */
export class ConsoleClient {
  constructor(
    readonly baseUrl: string,
    public sessionToken: string | null = null,
  ) {}

  /**
   * The console's operations by id with this client's session, typed by the operation table; every
   * success is checked against its schema and a failure throws ApiCallError.
   */
  get call() {
    return createApiClient(CONSOLE_OPERATIONS, { baseUrl: this.baseUrl, headers: this.sessionHeaders(), validateResponses: true }).call;
  }

  async request(method: string, path: string, options: ConsoleRequest = {}): Promise<Response> {
    const headers = this.sessionHeaders();
    if (options.body !== undefined && !options.form) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { ...headers, ...options.headers },
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const cookie = sessionCookieOf(response);
    if (cookie !== undefined) this.sessionToken = cookie || null;
    return response;
  }

  async json<T = any>(
    method: string,
    path: string,
    options: ConsoleRequest = {},
  ): Promise<{ status: number; body: T; response: Response }> {
    const response = await this.request(method, path, options);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, response };
  }

  private sessionHeaders(): Record<string, string> {
    const headers: Record<string, string> = { origin: this.baseUrl };
    if (this.sessionToken) headers.cookie = `${CONSOLE_SESSION_COOKIE}=${this.sessionToken}`;
    return headers;
  }

  signIn(email: string, password: string) {
    return this.json<MeResponse>('POST', '/console/api/session', { body: { email, password } });
  }
}

export interface SignedInUser {
  client: ConsoleClient;
  userId: string;
  email: string;
  password: string;
  name: string;
  me: MeResponse;
}

/** A new user of the account (or an operator without one), invited through the CLI, signed in by accepting the invite over HTTP. */
export async function signInNewUser(
  environment: TestEnvironment,
  baseUrl: string,
  options: InviteOptions & { name?: string; password?: string } = {},
): Promise<SignedInUser> {
  const invited = await inviteUser(environment, options);
  const name = options.name ?? `User ${invited.email.split('@')[0]}`;
  const password = options.password ?? `pw-${randomBytes(9).toString('base64url')}`;
  const client = new ConsoleClient(baseUrl);
  const accepted = await client.json<MeResponse>('POST', `/console/api/invites/${invited.token}`, { body: { name, password } });
  if (accepted.status !== 200 || !client.sessionToken)
    throw new Error(`accepting the invite answered ${accepted.status}: ${JSON.stringify(accepted.body)}`);
  return { client, userId: invited.userId, email: invited.email, password, name, me: accepted.body };
}
