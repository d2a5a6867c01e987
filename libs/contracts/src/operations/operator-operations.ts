import { operatorContactsSchema } from '../console/operator-contacts.schemas';
import { operatorSystemSchema } from '../console/operator-system.schemas';
import { ApiOperation } from './api-operation';

const operatorsOnly = { tag: 'Operator', startsJobOrSpends: false, access: 'operator' } as const;

/** The console's operator pages: what whoever runs the server sees of it. */
export const OPERATOR_OPERATIONS = [
  {
    ...operatorsOnly,
    operationId: 'operatorGetSystem',
    method: 'get',
    path: '/console/api/operator/system',
    summary: 'PostgreSQL, Redis, migrations, the engine processes with their lead tables, and the webhook backlog (operator)',
    description:
      "The System page in one call, for the server's operator only: any other signed-in user is refused with 403 FORBIDDEN. Free and read-only; every figure is read by a bounded query (no table is counted row by row) or from Redis's INFO. Each engine process reports itself, its role, version and lead table every 10 seconds; the ones seen in the last minute are listed.",
    success: { status: 200, description: 'The state of the server', schema: operatorSystemSchema },
    errors: [],
  },
  {
    ...operatorsOnly,
    operationId: 'operatorGetContacts',
    method: 'get',
    path: '/console/api/operator/contacts',
    summary: 'Contacts in totals: all, by country, by industry and by company size (operator)',
    description:
      "The Contacts page's totals, for the server's operator only: any other signed-in user is refused with 403 FORBIDDEN. Free and read-only; counted from the engine's lead table in memory, never from PostgreSQL row by row, so an import shows here once the engine has taken it in (seconds).",
    success: { status: 200, description: 'The totals', schema: operatorContactsSchema },
    errors: [],
  },
] as const satisfies readonly ApiOperation[];
