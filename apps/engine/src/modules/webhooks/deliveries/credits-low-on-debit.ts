import { Injectable } from '@nestjs/common';
import { CreditDebits } from '../../credits/credit-debits';
import { WebhookOutbox } from './webhook-outbox';

/** Writes credits.low for the endpoints whose threshold a debit crossed, in the debit's transaction. */
@Injectable()
export class CreditsLowOnDebit {
  constructor(debits: CreditDebits, outbox: WebhookOutbox) {
    // At construction, before any lifecycle hook: a job's processor may debit as soon as its hook has run.
    debits.listen((manager, { accountId, from, to, at }) => outbox.emitCreditsLow(manager, accountId, { from, to }, at));
  }
}
