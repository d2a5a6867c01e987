import { z } from 'zod';

// Zod compiles object parsers with new Function unless told not to; the app's CSP allows no eval.
z.config({ jitless: true });
