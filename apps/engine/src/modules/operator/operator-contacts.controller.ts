import { Controller, Get } from '@nestjs/common';
import type { OperatorContacts } from '@lead-engine/contracts';
import { GetContactTotalsUseCase } from './contacts/use-cases/get-contact-totals.use-case';

/** The console's Contacts page, for the server's operator (the operation's access refuses everyone else). */
@Controller('console/api/operator/contacts')
export class OperatorContactsController {
  constructor(private readonly getTotals: GetContactTotalsUseCase) {}

  @Get()
  totals(): Promise<OperatorContacts> {
    return this.getTotals.execute();
  }
}
