import { Injectable } from '@nestjs/common';
import type { SavedSearch } from '@lead-engine/contracts';
import { DataSource } from 'typeorm';
import type { ConsoleViewer } from '../../identity/console-viewer';
import { isSavedSearchId, savedSearchAccountOf, savedSearchNotFound } from '../saved-search-scope';
import { savedSearchView } from '../saved-search-view';
import { SavedSearchesRepository } from '../saved-searches.repository';

@Injectable()
export class RenameSavedSearchUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly searches: SavedSearchesRepository,
  ) {}

  async execute(viewer: ConsoleViewer, id: string, name: string): Promise<SavedSearch> {
    const accountId = savedSearchAccountOf(viewer);
    const renamed = isSavedSearchId(id) ? await this.searches.rename(this.dataSource.manager, accountId, id, name) : null;
    if (!renamed) throw savedSearchNotFound();
    return savedSearchView(renamed);
  }
}
