import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { createSavedSearchRequestSchema, renameSavedSearchRequestSchema, savedSearchParamsSchema } from '@lead-engine/contracts';
import type { CreateSavedSearchRequest, RenameSavedSearchRequest, SavedSearch, SavedSearchList } from '@lead-engine/contracts';
import { ContractPipe } from '../../infrastructure/http/parse-input';
import { CurrentSession } from '../identity/current-session.decorator';
import type { ConsoleSessionPrincipal } from '../identity/session-authentication';
import { CreateSavedSearchUseCase } from './use-cases/create-saved-search.use-case';
import { DeleteSavedSearchUseCase } from './use-cases/delete-saved-search.use-case';
import { ListSavedSearchesUseCase } from './use-cases/list-saved-searches.use-case';
import { RenameSavedSearchUseCase } from './use-cases/rename-saved-search.use-case';

/** The Leads page's saved searches: the account's, for every user of it. */
@Controller('console/api/saved-searches')
export class SavedSearchesController {
  constructor(
    private readonly listSavedSearches: ListSavedSearchesUseCase,
    private readonly createSavedSearch: CreateSavedSearchUseCase,
    private readonly renameSavedSearch: RenameSavedSearchUseCase,
    private readonly deleteSavedSearch: DeleteSavedSearchUseCase,
  ) {}

  @Get()
  list(@CurrentSession() session: ConsoleSessionPrincipal): Promise<SavedSearchList> {
    return this.listSavedSearches.execute(session);
  }

  @Post()
  @HttpCode(201)
  create(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Body(new ContractPipe(createSavedSearchRequestSchema)) body: CreateSavedSearchRequest,
  ): Promise<SavedSearch> {
    return this.createSavedSearch.execute(session, body);
  }

  @Patch(':id')
  rename(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(savedSearchParamsSchema)) params: { id: string },
    @Body(new ContractPipe(renameSavedSearchRequestSchema)) body: RenameSavedSearchRequest,
  ): Promise<SavedSearch> {
    return this.renameSavedSearch.execute(session, params.id, body.name);
  }

  @Delete(':id')
  @HttpCode(204)
  delete(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(savedSearchParamsSchema)) params: { id: string },
  ): Promise<void> {
    return this.deleteSavedSearch.execute(session, params.id);
  }
}
