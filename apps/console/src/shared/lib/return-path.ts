import { isPublicPage } from './public-pages';

/**
 * The page to go back to after signing in: a path inside the app or one of the engine's pages outside
 * it (isEnginePage), never another site, never the sign-in page itself.
 */
export function safeReturnPath(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  if (isPublicPage(value)) return '/';
  return value;
}

/** The engine's own pages that send a signed-out browser here (the queues dashboard): loaded, not routed by the app. */
export const isEnginePage = (path: string): boolean => /^\/console\/queues(?=[/?#]|$)/.test(path);
