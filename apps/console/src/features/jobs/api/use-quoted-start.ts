import type { UseMutationResult } from '@tanstack/react-query';
import { isApiCallError } from '../../../shared/api/console-client';

interface Price {
  credits: number;
  balance: number;
}

/**
 * Price first, then start: "Check price" asks the hold (free, nothing held), Confirm starts the job
 * holding exactly the price shown. A price is for what it was checked for, so any change discards it,
 * and so does QUOTE_MISMATCH (the hold for it is no longer the one shown): Confirm waits for a new check.
 */
export function useQuotedStart<Checked, Quote extends Price, StartInput, Started>(
  quote: UseMutationResult<Quote, Error, Checked>,
  start: UseMutationResult<Started, Error, StartInput>,
) {
  const price = quote.data;
  return {
    price,
    checking: quote.isPending,
    checkError: quote.error,
    starting: start.isPending,
    startError: start.error,
    /** Confirm waits for a price the balance covers. */
    canConfirm: price !== undefined && price.credits <= price.balance,
    /** Something the price was for changed. */
    discard: () => {
      quote.reset();
      start.reset();
    },
    check: (checked: Checked) => {
      start.reset();
      quote.mutate(checked);
    },
    confirm: (input: (price: Quote) => StartInput, onStarted: (started: Started, price: Quote) => void) => {
      if (!price) return;
      start.mutate(input(price), {
        onSuccess: (started) => onStarted(started, price),
        onError: (error) => {
          if (isApiCallError(error, 'QUOTE_MISMATCH')) quote.reset();
        },
      });
    },
  };
}
