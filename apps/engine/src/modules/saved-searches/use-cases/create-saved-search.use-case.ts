import { Injectable } from '@nestjs/common';
import { MAX_SAVED_SEARCHES } from '@lead-engine/contracts';
import type { CreateSavedSearchRequest, SavedSearch } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { ConsoleViewer } from '../../identity/console-viewer';
import { savedSearchAccountOf, savedSearchNameTaken } from '../saved-search-scope';
import { savedSearchView } from '../saved-search-view';
import { isSavedSearchNameViolation, SavedSearchesRepository } from '../saved-searches.repository';

/**
 * Saves a name and the parsed filters for the whole account, created by the viewer; at most MAX_SAVED_SEARCHES per
 * account, each name once (ignoring case).
 */
@Injectable()
export class CreateSavedSearchUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly searches: SavedSearchesRepository,
  ) {}

  async execute(viewer: ConsoleViewer, request: CreateSavedSearchRequest): Promise<SavedSearch> {
    const accountId = savedSearchAccountOf(viewer);
    const created = await this.dataSource.transaction(async (manager) => {
      await this.searches.lockAccount(manager, accountId);
      if ((await this.searches.countForAccount(manager, accountId)) >= MAX_SAVED_SEARCHES) {
        throw new DomainError(
          'TOO_MANY_SAVED_SEARCHES',
          `An account keeps at most ${MAX_SAVED_SEARCHES} saved searches; delete one to save another.`,
        );
      }
      return this.searches
        .create(manager, { id: randomUUID(), accountId, name: request.name, filters: request.filters, createdBy: viewer.userId })
        .catch((error: unknown) => {
          throw isSavedSearchNameViolation(error) ? savedSearchNameTaken() : error;
        });
    });
    return savedSearchView(created);
  }
}
