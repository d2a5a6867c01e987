import { Injectable } from '@nestjs/common';
import type { SavedSearchList } from '@lead-engine/contracts';
import { DataSource } from 'typeorm';
import type { ConsoleViewer } from '../../identity/console-viewer';
import { savedSearchAccountOf } from '../saved-search-scope';
import { savedSearchView } from '../saved-search-view';
import { SavedSearchesRepository } from '../saved-searches.repository';

/** The account's saved searches by name (case-insensitively), then oldest first. */
@Injectable()
export class ListSavedSearchesUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly searches: SavedSearchesRepository,
  ) {}

  async execute(viewer: ConsoleViewer): Promise<SavedSearchList> {
    const accountId = savedSearchAccountOf(viewer);
    const rows = await this.searches.list(this.dataSource.manager, accountId);
    return { searches: rows.map(savedSearchView) };
  }
}
