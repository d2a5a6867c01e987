import { askMeAhead } from '../shared/api/me.queries';
import { isPublicAddress } from '../shared/lib/public-pages';

// Evaluated before the rest of the app (main.tsx imports it first). The pages without sign-in never ask.
if (!isPublicAddress(window.location.pathname)) askMeAhead();
