import { Foundation1763800000000 } from './1763800000000-foundation';

export const MIGRATIONS = [Foundation1763800000000];
