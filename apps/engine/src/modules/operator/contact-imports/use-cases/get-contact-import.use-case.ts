import { Injectable } from '@nestjs/common';
import type { ContactImportDetail } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import { toContactImportDetail } from '../contact-import-view';
import { ContactImportsRepository } from '../contact-imports.repository';

@Injectable()
export class GetContactImportUseCase {
  constructor(private readonly imports: ContactImportsRepository) {}

  async execute(id: string): Promise<ContactImportDetail> {
    const found = await this.imports.findVisible(id);
    if (!found) throw new DomainError('NOT_FOUND', 'No such contacts import.');
    return toContactImportDetail(found);
  }
}
