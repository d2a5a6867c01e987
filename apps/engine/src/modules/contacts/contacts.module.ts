import { Module } from '@nestjs/common';
import { ContactBulkLoader } from './contact-bulk-loader';
import { ContactsChangedPublisher } from './contacts-changed.publisher';
import { ContactsRepository } from './contacts.repository';
import { EnsureDemoContactsUseCase } from './use-cases/ensure-demo-contacts.use-case';
import { GenerateContactsUseCase } from './use-cases/generate-contacts.use-case';
import { ImportContactsUseCase } from './use-cases/import-contacts.use-case';

@Module({
  providers: [
    ContactsRepository,
    ContactsChangedPublisher,
    ContactBulkLoader,
    ImportContactsUseCase,
    GenerateContactsUseCase,
    EnsureDemoContactsUseCase,
  ],
  exports: [ImportContactsUseCase, GenerateContactsUseCase, EnsureDemoContactsUseCase],
})
export class ContactsModule {}
