import { z } from 'zod';
import { lazySchema } from '../../shared/lib/lazy-schema';

/** The search text, kept in the URL (a search is a link); one that does not parse is dropped, not refused. */
const operatorAccountsSearchObject = () =>
  z.object({
    q: z.string().max(254).optional().catch(undefined),
  });
export const operatorAccountsSearchSchema = lazySchema(operatorAccountsSearchObject);
export type OperatorAccountsSearch = z.infer<ReturnType<typeof operatorAccountsSearchObject>>;
