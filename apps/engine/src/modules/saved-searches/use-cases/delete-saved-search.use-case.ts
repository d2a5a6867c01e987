import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ConsoleViewer } from '../../identity/console-viewer';
import { isSavedSearchId, savedSearchAccountOf, savedSearchNotFound } from '../saved-search-scope';
import { SavedSearchesRepository } from '../saved-searches.repository';

@Injectable()
export class DeleteSavedSearchUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly searches: SavedSearchesRepository,
  ) {}

  async execute(viewer: ConsoleViewer, id: string): Promise<void> {
    const accountId = savedSearchAccountOf(viewer);
    const deleted = isSavedSearchId(id) && (await this.searches.delete(this.dataSource.manager, accountId, id));
    if (!deleted) throw savedSearchNotFound();
  }
}
