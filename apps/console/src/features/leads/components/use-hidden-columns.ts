import { useState } from 'react';
import { DEFAULT_HIDDEN_COLUMNS, LEAD_COLUMNS, type LeadColumnId } from './lead-columns';

const STORAGE_KEY = 'lead-engine.leads.hidden-columns';

/** The columns a person hid, remembered in this browser (a preference, not part of a search's link). */
export function useHiddenColumns(): [LeadColumnId[], (hidden: LeadColumnId[]) => void] {
  const [hidden, setHidden] = useState<LeadColumnId[]>(() => {
    try {
      const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as unknown;
      if (Array.isArray(stored)) return LEAD_COLUMNS.map((column) => column.id).filter((id) => stored.includes(id));
    } catch {
      // storage unavailable or edited: the defaults
    }
    return DEFAULT_HIDDEN_COLUMNS;
  });
  const remember = (next: LeadColumnId[]) => {
    setHidden(next);
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // kept for this visit only
    }
  };
  return [hidden, remember];
}
