import { z } from 'zod';

const valueCountsSchema = (what: string) =>
  z
    .array(
      z.strictObject({
        value: z.string().describe(`The ${what} as the lead table holds it`),
        count: z.number().int().describe(`Contacts with this ${what}`),
      }),
    )
    .describe(`Every ${what} with its contacts, most first; contacts without one are not counted here`);

export const operatorContactsSchema = z
  .strictObject({
    total: z.number().int().describe('Contacts in the lead table of the engine that answers'),
    by_country: valueCountsSchema('country code'),
    by_industry: valueCountsSchema('industry'),
    by_company_size: valueCountsSchema('company size band'),
  })
  .meta({ id: 'OperatorContacts', description: "The contacts the server holds, in totals: the operator's Contacts page" });
export type OperatorContacts = z.infer<typeof operatorContactsSchema>;
