import { Foundation1763800000000 } from './1763800000000-foundation';
import { LeadDatabase1763800100000 } from './1763800100000-lead-database';
import { Exports1763800200000 } from './1763800200000-exports';

export const MIGRATIONS = [Foundation1763800000000, LeadDatabase1763800100000, Exports1763800200000];
