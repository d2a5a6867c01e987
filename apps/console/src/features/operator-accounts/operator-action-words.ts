import type { OperatorActionView } from '@lead-engine/contracts/console';
import { formatDateTime } from '../../shared/lib/format-date';
import { formatCredits, planLabel } from '../../shared/lib/plan-format';

/** The details are a free-form record: each value is read only when it has the type the engine writes. */
const numberIn = (details: Record<string, unknown>, key: string) => (typeof details[key] === 'number' ? details[key] : null);
const textIn = (details: Record<string, unknown>, key: string) => (typeof details[key] === 'string' ? details[key] : null);

/** "Zapier (le_live_abcd1234efgh…)": the key's name and start, as the keys table shows them. */
function keyWords(details: Record<string, unknown>): string {
  const name = textIn(details, 'name') ?? 'without a name';
  const prefix = textIn(details, 'prefix');
  return prefix ? `${name} (${prefix}…)` : name;
}

/** What an operator did, in words: "Granted 500 credits: Goodwill for the outage". */
export function describeOperatorAction({ action, details }: Pick<OperatorActionView, 'action' | 'details'>): string {
  switch (action) {
    case 'account.create': {
      const credits = numberIn(details, 'credits');
      return credits === null ? 'Created the account' : `Created the account with ${formatCredits(credits)}`;
    }
    case 'credits.grant': {
      const amount = numberIn(details, 'amount');
      const reason = textIn(details, 'reason');
      return `Granted ${amount === null ? 'credits' : formatCredits(amount)}${reason ? `: ${reason}` : ''}`;
    }
    case 'plan.set': {
      const plan = textIn(details, 'plan');
      if (!plan) return 'Set the plan';
      return plan === 'none' ? 'Ended the plan' : `Set the plan to ${planLabel(plan)}`;
    }
    case 'trial.start': {
      const expires = textIn(details, 'expires_at');
      return expires ? `Started the trial, until ${formatDateTime(expires)}` : 'Started the trial';
    }
    case 'key.create':
      return `Created the API key ${keyWords(details)}`;
    case 'key.revoke':
      return `Revoked the API key ${keyWords(details)}`;
    case 'user.invite': {
      const email = textIn(details, 'email') ?? 'a user';
      const role = textIn(details, 'role');
      return role ? `Invited ${email} as ${role === 'owner' ? 'an owner' : 'a member'}` : `Invited ${email}`;
    }
    case 'password.reset':
      return `Made a password link for ${textIn(details, 'email') ?? 'a user'}`;
  }
}
