import { z } from 'zod';
import { lazySchema } from '../../shared/lib/lazy-schema';

/** The import shown in full, kept in the URL so that the operator can leave and come back to it; a malformed id is dropped. */
const operatorContactsSearchObject = () =>
  z.object({
    import: z.uuid().optional().catch(undefined),
  });
export const operatorContactsSearchSchema = lazySchema(operatorContactsSearchObject);
export type OperatorContactsSearch = z.infer<ReturnType<typeof operatorContactsSearchObject>>;
