import { isPublicPage } from './public-pages';

/**
 * The page to go back to after signing in: a path inside the app only (never another site, never
 * the sign-in page itself).
 */
export function safeReturnPath(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  if (isPublicPage(value)) return '/';
  return value;
}
