import { Foundation1763800000000 } from './1763800000000-foundation';
import { LeadDatabase1763800100000 } from './1763800100000-lead-database';
import { Exports1763800200000 } from './1763800200000-exports';
import { Scrape1763800300000 } from './1763800300000-scrape';
import { Enrichment1763800400000 } from './1763800400000-enrichment';
import { BalanceNotifications1763800500000 } from './1763800500000-balance-notifications';
import { RevealVersions1763800600000 } from './1763800600000-reveal-versions';
import { LeadDataVersion1763800700000 } from './1763800700000-lead-data-version';
import { LeadChanges1763800800000 } from './1763800800000-lead-changes';
import { WebhookEndpoints1763800900000 } from './1763800900000-webhook-endpoints';
import { WebhookDeliveries1763801000000 } from './1763801000000-webhook-deliveries';
import { Users1763801100000 } from './1763801100000-users';
import { ApiKeyNames1763801200000 } from './1763801200000-api-key-names';
import { UsageLedger1763801400000 } from './1763801400000-usage-ledger';
import { ApiKeyBudgets1763801500000 } from './1763801500000-api-key-budgets';
import { RevealQuotes1763801700000 } from './1763801700000-reveal-quotes';
import { LowBalanceWatch1763801800000 } from './1763801800000-low-balance-watch';
import { ExportQuotes1763801900000 } from './1763801900000-export-quotes';
import { SavedSearches1763802100000 } from './1763802100000-saved-searches';
import { LedgerUsers1763802200000 } from './1763802200000-ledger-users';
import { ScrapeUsers1763802300000 } from './1763802300000-scrape-users';
import { EnrichmentUsers1763802400000 } from './1763802400000-enrichment-users';
import { JobStatusLists1763802500000 } from './1763802500000-job-status-lists';
import { InvitesPerAccount1763802600000 } from './1763802600000-invites-per-account';
import { RevealedLeadsRecent1763802700000 } from './1763802700000-revealed-leads-recent';
import { RemovedUsers1763802800000 } from './1763802800000-removed-users';
import { SavedSearchNames1763802900000 } from './1763802900000-saved-search-names';
import { ScrapeReasons1763803000000 } from './1763803000000-scrape-reasons';
import { OperatorActions1763803100000 } from './1763803100000-operator-actions';
import { ContactImports1763803200000 } from './1763803200000-contact-imports';

export const MIGRATIONS = [
  Foundation1763800000000,
  LeadDatabase1763800100000,
  Exports1763800200000,
  Scrape1763800300000,
  Enrichment1763800400000,
  BalanceNotifications1763800500000,
  RevealVersions1763800600000,
  LeadDataVersion1763800700000,
  LeadChanges1763800800000,
  WebhookEndpoints1763800900000,
  WebhookDeliveries1763801000000,
  Users1763801100000,
  ApiKeyNames1763801200000,
  UsageLedger1763801400000,
  ApiKeyBudgets1763801500000,
  RevealQuotes1763801700000,
  LowBalanceWatch1763801800000,
  ExportQuotes1763801900000,
  SavedSearches1763802100000,
  LedgerUsers1763802200000,
  ScrapeUsers1763802300000,
  EnrichmentUsers1763802400000,
  JobStatusLists1763802500000,
  InvitesPerAccount1763802600000,
  RevealedLeadsRecent1763802700000,
  RemovedUsers1763802800000,
  SavedSearchNames1763802900000,
  ScrapeReasons1763803000000,
  OperatorActions1763803100000,
  ContactImports1763803200000,
];
