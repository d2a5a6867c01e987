import type { SyntheticContact } from '@lead-engine/core';
import { writeCsv } from '../leads.bench';

/** The seed the bench database is generated with (ensureLeadsBenchDatabase); the import benchmark's CSV uses 2. */
const DATABASE_SEED = 1;

/**
 * Writes a CSV of `rows` contacts that are new to the bench database and to every other file written
 * with another seed. An import upserts contacts by id, and a seed's ids are its own, so the rows are
 * inserted, not merged into the database's contacts. It upserts companies by domain, though, and
 * company names (so domains) recur from seed to seed with other profiles: an imported row would
 * overwrite a database company's industry or size, which an engine cannot take as a delta (it loads
 * whole) and which deleting the imported contacts afterwards does not undo. So each company's domain,
 * and its people's email addresses, move under a subdomain of the seed's own: the file's companies are
 * new as well, shared only among its own rows.
 */
export async function writeNewContactsCsv(file: string, rows: number, seed: number): Promise<void> {
  if (seed === DATABASE_SEED) throw new Error(`seed ${seed} generated the bench database; its contacts are not new`);
  const subdomain = `live${seed}`;
  const rehome = (contact: SyntheticContact): SyntheticContact => ({
    ...contact,
    companyDomain: `${subdomain}.${contact.companyDomain}`,
    email: contact.email.replace(/@/, `@${subdomain}.`),
  });
  await writeCsv(file, rows, seed, rehome);
}
