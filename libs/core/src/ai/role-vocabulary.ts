import { TermIndex } from './text-terms';

export const ROLE_FUNCTIONS = [
  'executive',
  'engineering',
  'technology',
  'data',
  'security',
  'product',
  'design',
  'marketing',
  'sales',
  'customer success',
  'finance',
  'operations',
  'people',
  'legal',
  'medical',
  'education',
] as const;
export type RoleFunction = (typeof ROLE_FUNCTIONS)[number];

/** Seniority from the top down; the index is the rank. */
export const ROLE_LEVELS = ['c-level', 'vp', 'head', 'director', 'manager', 'individual'] as const;
export type RoleLevel = (typeof ROLE_LEVELS)[number];

const FUNCTION_TERMS: Record<RoleFunction, string[]> = {
  executive: [
    'ceo',
    'chief executive',
    'founder',
    'co founder',
    'cofounder',
    'business owner',
    'owner',
    'president',
    'managing director',
    'general manager',
    'managing partner',
  ],
  engineering: ['engineering', 'engineer', 'developer', 'software', 'devops', 'sre', 'r&d', 'programmer', 'architect'],
  technology: [
    'cto',
    'cio',
    'technology',
    'tech',
    'it',
    'information technology',
    'infrastructure',
    'system',
    'network',
    'chief technology',
    'chief information',
  ],
  data: ['data', 'analytic', 'bi', 'business intelligence', 'machine learning', 'ml', 'ai', 'data science'],
  security: ['security', 'ciso', 'infosec', 'cybersecurity', 'cyber'],
  product: ['product', 'cpo', 'product management'],
  design: ['design', 'designer', 'ux', 'ui', 'creative'],
  marketing: [
    'marketing',
    'cmo',
    'growth',
    'brand',
    'demand generation',
    'content',
    'communication',
    'seo',
    'digital marketing',
    'chief marketing',
  ],
  sales: [
    'sale',
    'revenue',
    'business development',
    'account executive',
    'account manager',
    'cro',
    'partnership',
    'commercial',
    'chief revenue',
  ],
  'customer success': ['customer success', 'customer experience', 'support', 'customer service', 'client service', 'account management'],
  finance: [
    'finance',
    'financial',
    'cfo',
    'accounting',
    'accountant',
    'controller',
    'treasury',
    'fp&a',
    'chief financial',
    'payroll',
    'audit',
  ],
  operations: ['operation', 'coo', 'supply chain', 'logistic', 'procurement', 'purchasing', 'facility', 'chief operating', 'plant'],
  people: [
    'hr',
    'human resource',
    'people',
    'talent',
    'recruiting',
    'recruiter',
    'recruitment',
    'chro',
    'hiring',
    'learning and development',
  ],
  legal: ['legal', 'counsel', 'compliance', 'attorney', 'lawyer', 'paralegal', 'clo', 'general counsel'],
  medical: ['physician', 'nurse', 'clinical', 'medical', 'doctor', 'clinician', 'practice manager', 'pharmacist'],
  education: ['teacher', 'professor', 'dean', 'educator', 'faculty', 'superintendent', 'instructor'],
};

const LEVEL_TERMS: Record<RoleLevel, string[]> = {
  'c-level': [
    'chief',
    'ceo',
    'cto',
    'cfo',
    'coo',
    'cmo',
    'cio',
    'ciso',
    'cro',
    'cpo',
    'chro',
    'clo',
    'c level',
    'c suite',
    'founder',
    'co founder',
    'cofounder',
    'business owner',
    'president',
    'managing partner',
    'managing director',
  ],
  vp: ['vp', 'vice president', 'svp', 'evp', 'avp'],
  head: ['head'],
  director: ['director'],
  manager: ['manager', 'lead', 'supervisor', 'team lead', 'superintendent'],
  individual: [
    'engineer',
    'developer',
    'specialist',
    'analyst',
    'associate',
    'coordinator',
    'representative',
    'consultant',
    'assistant',
    'accountant',
    'designer',
    'teacher',
    'nurse',
    'recruiter',
    'administrator',
  ],
};

// A vice president is not a president, nor a product owner an owner.
const SHADOWED_BY: Record<string, string> = { president: 'vice president', owner: 'product owner' };

/** Words in a target ICP that ask for senior people without naming a level. */
const LEADERSHIP_TERMS = ['leader', 'leadership', 'decision maker', 'executive', 'senior leader', 'buyer'];

/** Department values of the contact data, and the function each stands for. */
const DEPARTMENT_FUNCTIONS: Record<string, RoleFunction> = {
  engineering: 'engineering',
  sales: 'sales',
  marketing: 'marketing',
  finance: 'finance',
  'human resources': 'people',
  operations: 'operations',
  it: 'technology',
  legal: 'legal',
  'customer success': 'customer success',
  product: 'product',
  design: 'design',
  executive: 'executive',
  medical: 'medical',
  education: 'education',
};

/** Seniority values of the contact data, and the level each stands for. */
const SENIORITY_LEVELS: Record<string, RoleLevel> = {
  'c-suite': 'c-level',
  owner: 'c-level',
  partner: 'c-level',
  vp: 'vp',
  director: 'director',
  manager: 'manager',
  senior: 'individual',
  entry: 'individual',
  intern: 'individual',
};

/** Functions that overlap enough for a partial match. */
const RELATED: Array<[RoleFunction, RoleFunction]> = [
  ['engineering', 'technology'],
  ['engineering', 'data'],
  ['engineering', 'product'],
  ['technology', 'security'],
  ['technology', 'data'],
  ['sales', 'marketing'],
  ['sales', 'customer success'],
  ['finance', 'operations'],
  ['product', 'design'],
];

export interface RoleReading {
  functions: Set<RoleFunction>;
  /** Every level named, the most senior first. */
  levels: RoleLevel[];
  /** The text asks for leaders without naming a level (targets only). */
  leadership: boolean;
}

export function readRole(text: string | TermIndex | null | undefined): RoleReading {
  const index = text instanceof TermIndex ? text : new TermIndex(text);
  const functions = new Set<RoleFunction>();
  const names = (term: string) => index.has(term) && !(SHADOWED_BY[term] && index.has(SHADOWED_BY[term]));
  for (const fn of ROLE_FUNCTIONS) if (FUNCTION_TERMS[fn].some(names)) functions.add(fn);
  const levels = ROLE_LEVELS.filter((level) => LEVEL_TERMS[level].some(names));
  // "Owner", "General Manager" and the like name no level word of their own but run the company.
  if (levels.length === 0 && functions.has('executive')) levels.push('c-level');
  return { functions, levels, leadership: LEADERSHIP_TERMS.some((term) => index.has(term)) };
}

/** A contact's role from the title, completed by the department and seniority of the contact data. */
export function readContactRole(title: string | null, department: string | null, seniority: string | null): RoleReading {
  const reading = readRole(title);
  const fromDepartment = department ? DEPARTMENT_FUNCTIONS[department.trim().toLowerCase()] : undefined;
  if (fromDepartment) reading.functions.add(fromDepartment);
  const fromSeniority = seniority ? SENIORITY_LEVELS[seniority.trim().toLowerCase()] : undefined;
  if (reading.levels.length === 0 && fromSeniority) reading.levels.push(fromSeniority);
  return reading;
}

export function rolesAreRelated(a: RoleFunction, b: RoleFunction): boolean {
  return RELATED.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

export function levelRank(level: RoleLevel): number {
  return ROLE_LEVELS.indexOf(level);
}

/** Every term the role vocabulary knows, so a target's leftover words can be told apart from them. */
export const ROLE_VOCABULARY: readonly string[] = [
  ...Object.values(FUNCTION_TERMS).flat(),
  ...Object.values(LEVEL_TERMS).flat(),
  ...LEADERSHIP_TERMS,
];
