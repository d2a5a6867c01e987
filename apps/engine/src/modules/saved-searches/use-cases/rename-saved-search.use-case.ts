import { Injectable } from '@nestjs/common';
import type { SavedSearch } from '@lead-engine/contracts';
import { DataSource } from 'typeorm';
import type { ConsoleViewer } from '../../identity/console-viewer';
import { isSavedSearchId, savedSearchAccountOf, savedSearchNameTaken, savedSearchNotFound } from '../saved-search-scope';
import { savedSearchView } from '../saved-search-view';
import { isSavedSearchNameViolation, SavedSearchesRepository } from '../saved-searches.repository';

/** Another search of the account with the name (ignoring case) refuses it; the search's own name in other case is fine. */
@Injectable()
export class RenameSavedSearchUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly searches: SavedSearchesRepository,
  ) {}

  async execute(viewer: ConsoleViewer, id: string, name: string): Promise<SavedSearch> {
    const accountId = savedSearchAccountOf(viewer);
    const renamed = isSavedSearchId(id)
      ? await this.searches.rename(this.dataSource.manager, accountId, id, name).catch((error: unknown) => {
          throw isSavedSearchNameViolation(error) ? savedSearchNameTaken() : error;
        })
      : null;
    if (!renamed) throw savedSearchNotFound();
    return savedSearchView(renamed);
  }
}
