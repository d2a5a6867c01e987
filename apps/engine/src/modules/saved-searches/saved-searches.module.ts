import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { SavedSearchesController } from './saved-searches.controller';
import { SavedSearchesRepository } from './saved-searches.repository';
import { CreateSavedSearchUseCase } from './use-cases/create-saved-search.use-case';
import { DeleteSavedSearchUseCase } from './use-cases/delete-saved-search.use-case';
import { ListSavedSearchesUseCase } from './use-cases/list-saved-searches.use-case';
import { RenameSavedSearchUseCase } from './use-cases/rename-saved-search.use-case';

/** The Leads page's saved searches (name and filters), the account's; served over HTTP only. */
@Module({
  imports: [UsersModule],
  controllers: [SavedSearchesController],
  providers: [
    SavedSearchesRepository,
    ListSavedSearchesUseCase,
    CreateSavedSearchUseCase,
    RenameSavedSearchUseCase,
    DeleteSavedSearchUseCase,
  ],
})
export class SavedSearchesModule {}
