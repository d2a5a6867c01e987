import { Injectable } from '@nestjs/common';
import { CONTACT_IMPORTS_LISTED, ContactImportList } from '@lead-engine/contracts';
import { toContactImport } from '../contact-import-view';
import { ContactImportsRepository } from '../contact-imports.repository';

@Injectable()
export class ListContactImportsUseCase {
  constructor(private readonly imports: ContactImportsRepository) {}

  async execute(): Promise<ContactImportList> {
    return { data: (await this.imports.latest(CONTACT_IMPORTS_LISTED)).map(toContactImport) };
  }
}
