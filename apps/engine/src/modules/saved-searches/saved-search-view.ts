import type { SavedSearch } from '@lead-engine/contracts';
import type { SavedSearchRow } from './saved-searches.repository';

export const savedSearchView = (row: SavedSearchRow): SavedSearch => ({
  id: row.id,
  name: row.name,
  filters: row.filters,
  created_at: row.createdAt.toISOString(),
  created_by: row.createdBy,
});
