import type { ConsoleAnswer } from '../../../shared/api/console-client';

export type CountResult = ConsoleAnswer<'consoleCountLeads'>;
export type MaskedLead = ConsoleAnswer<'consoleBrowseLeads'>['leads'][number];
export type FilterField = ConsoleAnswer<'consoleListFilterValues'>['field'];
export type RevealedLeadEntry = ConsoleAnswer<'consoleListRevealedLeads'>['leads'][number];
