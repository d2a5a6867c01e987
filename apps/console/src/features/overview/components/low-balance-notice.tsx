import type { Overview } from '@lead-engine/contracts/console';
import { Alert } from '@mantine/core';

const number = new Intl.NumberFormat('en-US');
const credits = (amount: number) => `${number.format(amount)} credit${amount === 1 ? '' : 's'}`;

/** Shown when the engine says the balance is low, saying why: below the owner's threshold, or less than a day at last week's pace. */
export function LowBalanceNotice({ overview }: { overview: Overview }) {
  const { balance, low_balance: low } = overview;
  if (!low.low) return null;
  const reasons: string[] = [];
  if (low.threshold !== null && balance < low.threshold)
    reasons.push(`The balance of ${credits(balance)} is below the threshold of ${credits(low.threshold)}.`);
  if (low.daily_spend_7d > 0 && balance < low.daily_spend_7d)
    reasons.push(
      `At the last 7 days' pace (${credits(low.daily_spend_7d)} a day) the balance of ${credits(balance)} would not last another day.`,
    );
  if (reasons.length === 0) reasons.push(`The balance is ${credits(balance)}.`);
  return (
    <Alert
      color="orange"
      variant="light"
      title="Your balance is low"
      role="alert"
      data-testid="low-balance"
      // Mantine's orange shades are under 4.5:1 on the light orange background; this darker orange is above it.
      styles={{ title: { color: '#9a3412' }, message: { color: 'var(--mantine-color-black)' } }}
    >
      {reasons.join(' ')} Requests that cost more than the balance are refused until credits are added: by a plan&apos;s monthly refill, the
      one-time trial, or a grant from the operator.
    </Alert>
  );
}
