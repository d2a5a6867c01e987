import { askMeAhead } from '../shared/api/me.queries';

// Evaluated before the rest of the app (main.tsx imports it first). The pages without sign-in never ask.
if (!/^\/app\/(sign-in|invite\/)/.test(window.location.pathname)) askMeAhead();
