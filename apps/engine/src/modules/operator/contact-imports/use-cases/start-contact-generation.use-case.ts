import { Injectable } from '@nestjs/common';
import { ContactImportDetail, GenerateContactsRequest } from '@lead-engine/contracts';
import { randomInt, randomUUID } from 'node:crypto';
import { ContactImportQueue } from '../contact-import-queue';
import { ContactImportsRepository } from '../contact-imports.repository';

/** Queues synthetic contacts to be written as an import, recorded as the operator's action. */
@Injectable()
export class StartContactGenerationUseCase {
  constructor(
    private readonly imports: ContactImportsRepository,
    private readonly importQueue: ContactImportQueue,
  ) {}

  execute(operatorUserId: string, request: GenerateContactsRequest): Promise<ContactImportDetail> {
    const importId = randomUUID();
    // A seed of its own each time, unless asked: generating again should add contacts, not rewrite the same ones.
    const seed = request.seed ?? randomInt(1, 2 ** 31 - 1);
    return this.importQueue.start({
      importId,
      operatorUserId,
      action: 'contacts.generate',
      details: { count: request.count, seed },
      write: (manager) => this.imports.createGeneration(manager, { id: importId, userId: operatorUserId, count: request.count, seed }),
    });
  }
}
