import { Module } from '@nestjs/common';
import { ContactsChangedPublisher } from './contacts-changed.publisher';
import { ContactsRepository } from './contacts.repository';
import { EnsureDemoContactsUseCase } from './use-cases/ensure-demo-contacts.use-case';
import { GenerateContactsUseCase } from './use-cases/generate-contacts.use-case';
import { ImportContactsUseCase } from './use-cases/import-contacts.use-case';
import { LoadContactsUseCase } from './use-cases/load-contacts.use-case';

@Module({
  providers: [
    ContactsRepository,
    ContactsChangedPublisher,
    LoadContactsUseCase,
    ImportContactsUseCase,
    GenerateContactsUseCase,
    EnsureDemoContactsUseCase,
  ],
  exports: [ImportContactsUseCase, GenerateContactsUseCase, EnsureDemoContactsUseCase],
})
export class ContactsModule {}
