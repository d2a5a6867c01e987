import type { OperatorAccount } from '@lead-engine/contracts/console';
import { formatDate, formatDateTime } from '../../../shared/lib/format-date';
import { planLabel } from '../../../shared/lib/plan-format';
import { AccountFacts } from './account-facts';

const TRIAL_STATES: Record<OperatorAccount['trial']['state'], string> = {
  available: 'Not used yet',
  active: 'Active',
  ended: 'Ended',
};

/** The plan with its renewal, and the one-time trial's state with its end. */
export function AccountPlanAndTrial({ account }: { account: OperatorAccount }) {
  const { plan, trial } = account;
  return (
    <AccountFacts
      facts={[
        { name: 'Plan', value: plan.name ? planLabel(plan.name) : 'No plan', testId: 'account-plan' },
        {
          name: 'Renews',
          value: plan.renews_at ? (
            <time dateTime={plan.renews_at} title={formatDateTime(plan.renews_at)}>
              {formatDate(plan.renews_at)}
            </time>
          ) : (
            'not without a plan'
          ),
          testId: 'account-renewal',
        },
        {
          name: 'Trial',
          value: (
            <>
              {TRIAL_STATES[trial.state]}
              {trial.state !== 'available' && trial.expires_at && (
                <>
                  {trial.state === 'active' ? ', until ' : ' on '}
                  <time dateTime={trial.expires_at}>{formatDateTime(trial.expires_at)}</time>
                </>
              )}
            </>
          ),
          testId: 'account-trial',
        },
      ]}
    />
  );
}
