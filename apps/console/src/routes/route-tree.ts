import { indexRoute } from './index.route';
import { inviteRoute } from './invite.route';
import { jobRoute } from './job.route';
import { jobsRoute } from './jobs.route';
import { keysRoute } from './keys.route';
import { leadsRoute } from './leads.route';
import { operatorAccountRoute } from './operator-account.route';
import { operatorAccountsRoute } from './operator-accounts.route';
import { operatorContactsRoute } from './operator-contacts.route';
import { operatorQueuesRoute } from './operator-queues.route';
import { operatorSystemRoute } from './operator-system.route';
import { planRoute } from './plan.route';
import { revealedLeadsRoute } from './revealed-leads.route';
import { rootRoute } from './root.route';
import { settingsRoute } from './settings.route';
import { signInRoute } from './sign-in.route';
import { signedInRoute } from './signed-in.route';
import { teamRoute } from './team.route';
import { usageRoute } from './usage.route';

export const routeTree = rootRoute.addChildren([
  signInRoute,
  inviteRoute,
  signedInRoute.addChildren([
    indexRoute,
    keysRoute,
    usageRoute,
    leadsRoute,
    revealedLeadsRoute,
    jobsRoute,
    jobRoute,
    settingsRoute,
    planRoute,
    teamRoute,
    operatorAccountsRoute,
    operatorAccountRoute,
    operatorContactsRoute,
    operatorSystemRoute,
    operatorQueuesRoute,
  ]),
]);
