/**
 * What one filter list may hold (contract §3). Value lists name dictionary values (industries,
 * countries…), each one set lookup; text lists (titles, keywords) are searched term by term, so they
 * are kept to what a person or a workflow writes by hand.
 */
export const FILTER_LIST_LIMITS = {
  valueEntries: 1000,
  textEntries: 100,
  entryCharacters: 200,
  listCharacters: 10_000,
} as const;
