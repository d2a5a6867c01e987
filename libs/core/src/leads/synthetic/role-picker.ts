import { SYNTHETIC_CATEGORIES, type SyntheticCategory } from './industry-taxonomy';
import {
  C_SUITE_DEPARTMENT_WEIGHTS,
  DEPARTMENT_TILT_BY_CATEGORY,
  DEPARTMENT_WEIGHTS,
  OWNER_TITLES,
  PARTNER_TITLES,
  SENIORITY_WEIGHTS_BY_SIZE_CLASS,
  SPECIALIST_DEPARTMENT_BY_CATEGORY,
  SYNTHETIC_SENIORITIES,
  type SyntheticDepartment,
  type SyntheticSeniority,
  TITLE_LADDERS,
} from './job-roles';
import type { Prng } from './prng';
import { WeightedChoice } from './weighted-choice';

export interface SyntheticRole {
  seniority: SyntheticSeniority;
  department: SyntheticDepartment;
  jobTitle: string;
}

interface CategoryTables {
  seniorityBySizeClass: WeightedChoice<SyntheticSeniority>[];
  departments: WeightedChoice<SyntheticDepartment>;
  specialist: readonly [SyntheticDepartment, number] | undefined;
  partnerDepartment: SyntheticDepartment;
}

// Public bodies, schools and charities have no owners or partners.
const WITHOUT_OWNERS: ReadonlySet<SyntheticCategory> = new Set(['Government', 'Education', 'Nonprofit']);

const PARTNER_DEPARTMENT: Partial<Record<SyntheticCategory, SyntheticDepartment>> = {
  Legal: 'Legal',
  'Financial Services': 'Finance',
};

/** Picks a plausible seniority, department and title for someone at a company of a given kind and size. */
export class RolePicker {
  private readonly tables = new Map<SyntheticCategory, CategoryTables>();
  private readonly cSuiteDepartments = new WeightedChoice(C_SUITE_DEPARTMENT_WEIGHTS);

  constructor() {
    for (const category of SYNTHETIC_CATEGORIES) this.tables.set(category, buildTables(category));
  }

  /** `sizeClass`: 0 for companies up to 50 people, 1 up to 1000, 2 above. */
  pick(random: Prng, category: SyntheticCategory, sizeClass: number): SyntheticRole {
    const tables = this.tables.get(category) as CategoryTables;
    const seniority = tables.seniorityBySizeClass[sizeClass].pick(random);
    if (seniority === 'Owner') return { seniority, department: 'Executive', jobTitle: random.pick(OWNER_TITLES) };
    if (seniority === 'Partner') {
      return { seniority, department: tables.partnerDepartment, jobTitle: random.pick(PARTNER_TITLES) };
    }
    let department: SyntheticDepartment;
    if (tables.specialist !== undefined && random.chance(tables.specialist[1])) department = tables.specialist[0];
    else if (seniority === 'C-Suite') department = this.cSuiteDepartments.pick(random);
    else department = tables.departments.pick(random);
    return { seniority, department, jobTitle: random.pick(TITLE_LADDERS[department][seniority]) };
  }
}

function buildTables(category: SyntheticCategory): CategoryTables {
  const tilt = DEPARTMENT_TILT_BY_CATEGORY[category] ?? {};
  const ownerless = WITHOUT_OWNERS.has(category);
  return {
    seniorityBySizeClass: SENIORITY_WEIGHTS_BY_SIZE_CLASS.map(
      (weights) =>
        new WeightedChoice(
          SYNTHETIC_SENIORITIES.map((seniority) => {
            const weight = ownerless && (seniority === 'Owner' || seniority === 'Partner') ? 0 : weights[seniority];
            return [seniority, weight] as const;
          }),
        ),
    ),
    departments: new WeightedChoice(
      DEPARTMENT_WEIGHTS.map(([department, weight]) => [department, weight * (tilt[department] ?? 1)] as const),
    ),
    specialist: SPECIALIST_DEPARTMENT_BY_CATEGORY[category],
    partnerDepartment: PARTNER_DEPARTMENT[category] ?? 'Executive',
  };
}
