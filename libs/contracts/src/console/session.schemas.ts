import { z } from 'zod';
import { isoDateTime } from '../common/common.schemas';

/** The name of the session cookie over plain HTTP; over HTTPS it is `__Host-le_session`. */
export const CONSOLE_SESSION_COOKIE = 'le_session';
export const CONSOLE_SECURE_SESSION_COOKIE = '__Host-le_session';

export const consoleEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email())
  .describe('Email address; compared trimmed and lowercased');

export const signInRequestSchema = z
  .strictObject({
    email: consoleEmailSchema,
    password: z.string().min(1).max(1024),
  })
  .meta({ id: 'SignInRequest' });
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const consoleSessionSchema = z
  .strictObject({
    id: z.uuid(),
    created_at: isoDateTime,
    last_seen_at: isoDateTime.describe('Last request made with the session, to the minute'),
    address: z.string().nullable().describe('Client address of the sign-in'),
    browser: z.string().nullable().describe('A short label read from the User-Agent, e.g. "Chrome on Linux"'),
    current: z.boolean().describe('True for the session this request was made with'),
  })
  .meta({ id: 'ConsoleSession' });
export type ConsoleSession = z.infer<typeof consoleSessionSchema>;

export const consoleSessionListSchema = z
  .strictObject({ items: z.array(consoleSessionSchema).describe('Newest first') })
  .meta({ id: 'ConsoleSessionList' });
export type ConsoleSessionList = z.infer<typeof consoleSessionListSchema>;

/** Path ids are checked by the engine itself, so that an unknown and a malformed id both answer 404. */
export const consoleSessionParamsSchema = z.strictObject({ id: z.string().describe('Session id (uuid)') });
export type ConsoleSessionParams = z.infer<typeof consoleSessionParamsSchema>;
