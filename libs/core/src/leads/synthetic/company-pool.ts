import type { Prng } from './prng';
import type { SyntheticCompany } from './synthetic-company';

/** Share of contacts that found a new company; the rest join one already made, so the pool is about count/8. */
const NEW_COMPANY_SHARE = 0.11;
// Bigger companies are more likely to be where the next contact works.
const REUSE_WEIGHT_BY_SIZE = [1, 2, 3, 4, 5, 6, 8, 10, 12];

/** Companies made lazily as contacts need them, each reused until its headcount is used up. */
export class CompanyPool {
  private readonly tickets: SyntheticCompany[] = [];

  constructor(
    private readonly random: Prng,
    private readonly create: () => SyntheticCompany,
  ) {}

  /** The company of the next contact, with that contact already counted. */
  take(): SyntheticCompany {
    if (this.tickets.length > 0 && !this.random.chance(NEW_COMPANY_SHARE)) {
      const company = this.tickets[this.random.nextInt(this.tickets.length)];
      if (company.contacts < company.capacity) {
        company.contacts++;
        return company;
      }
    }
    const company = this.create();
    for (let i = 0; i < REUSE_WEIGHT_BY_SIZE[company.sizeIndex]; i++) this.tickets.push(company);
    company.contacts = 1;
    return company;
  }
}
