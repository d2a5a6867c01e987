import type { SyntheticCategory } from './industry-taxonomy';

export const SYNTHETIC_SENIORITIES = ['Intern', 'Entry', 'Senior', 'Manager', 'Director', 'VP', 'C-Suite', 'Partner', 'Owner'] as const;
export type SyntheticSeniority = (typeof SYNTHETIC_SENIORITIES)[number];

export const SYNTHETIC_DEPARTMENTS = [
  'Engineering',
  'Sales',
  'Marketing',
  'Finance',
  'Human Resources',
  'Operations',
  'IT',
  'Legal',
  'Customer Success',
  'Product',
  'Design',
  'Executive',
  'Medical',
  'Education',
  'Public Administration',
  'Fundraising',
] as const;
export type SyntheticDepartment = (typeof SYNTHETIC_DEPARTMENTS)[number];

type LadderSeniority = Exclude<SyntheticSeniority, 'Owner' | 'Partner'>;
type Ladder = Readonly<Record<LadderSeniority, readonly string[]>>;

export const OWNER_TITLES: readonly string[] = [
  'Owner',
  'Founder',
  'Co-Founder',
  'Owner & CEO',
  'Founder & CEO',
  'Co-Owner',
  'Owner & President',
  'Principal & Owner',
];
export const PARTNER_TITLES: readonly string[] = ['Partner', 'Managing Partner', 'Senior Partner', 'Founding Partner', 'Equity Partner'];

/** Job titles by department and rung. */
export const TITLE_LADDERS: Readonly<Record<SyntheticDepartment, Ladder>> = {
  Engineering: {
    Intern: ['Software Engineering Intern', 'Engineering Intern'],
    Entry: [
      'Software Engineer',
      'Junior Software Engineer',
      'QA Engineer',
      'Frontend Developer',
      'Backend Developer',
      'Data Engineer',
      'Mechanical Engineer',
      'Civil Engineer',
      'Full Stack Developer',
    ],
    Senior: [
      'Senior Software Engineer',
      'Staff Software Engineer',
      'Principal Engineer',
      'Senior DevOps Engineer',
      'Senior Data Scientist',
      'Lead Developer',
      'Senior Mechanical Engineer',
      'Site Reliability Engineer',
    ],
    Manager: ['Engineering Manager', 'Software Development Manager', 'QA Manager', 'Engineering Team Lead'],
    Director: ['Director of Engineering', 'Director of Software Development', 'Director of Data Science'],
    VP: ['VP of Engineering', 'Vice President of Engineering', 'SVP of Technology'],
    'C-Suite': ['Chief Technology Officer', 'CTO', 'Chief Data Officer'],
  },
  Sales: {
    Intern: ['Sales Intern'],
    Entry: [
      'Sales Development Representative',
      'Business Development Representative',
      'Account Executive',
      'Inside Sales Representative',
      'Sales Associate',
      'Sales Representative',
    ],
    Senior: ['Senior Account Executive', 'Enterprise Account Executive', 'Senior Sales Representative', 'Strategic Account Executive'],
    Manager: ['Sales Manager', 'Regional Sales Manager', 'Account Manager', 'Business Development Manager', 'Key Account Manager'],
    Director: ['Director of Sales', 'Sales Director', 'Director of Business Development', 'Regional Sales Director'],
    VP: ['VP of Sales', 'Vice President of Sales', 'SVP of Sales', 'VP of Business Development'],
    'C-Suite': ['Chief Revenue Officer', 'Chief Sales Officer', 'Chief Commercial Officer'],
  },
  Marketing: {
    Intern: ['Marketing Intern'],
    Entry: ['Marketing Coordinator', 'Marketing Specialist', 'Content Writer', 'Social Media Coordinator', 'SEO Specialist'],
    Senior: ['Senior Marketing Specialist', 'Senior Content Strategist', 'Growth Marketing Lead', 'Senior Digital Marketing Specialist'],
    Manager: ['Marketing Manager', 'Digital Marketing Manager', 'Product Marketing Manager', 'Brand Manager'],
    Director: ['Director of Marketing', 'Marketing Director', 'Director of Demand Generation'],
    VP: ['VP of Marketing', 'Vice President of Marketing'],
    'C-Suite': ['Chief Marketing Officer', 'CMO'],
  },
  Finance: {
    Intern: ['Finance Intern', 'Accounting Intern'],
    Entry: ['Staff Accountant', 'Financial Analyst', 'Accounts Payable Specialist', 'Bookkeeper', 'Payroll Specialist'],
    Senior: ['Senior Accountant', 'Senior Financial Analyst', 'Tax Senior', 'Senior Auditor'],
    Manager: ['Accounting Manager', 'Finance Manager', 'Controller', 'Tax Manager'],
    Director: ['Director of Finance', 'Finance Director', 'Director of Financial Planning & Analysis'],
    VP: ['VP of Finance', 'Vice President of Finance', 'VP of Finance & Accounting'],
    'C-Suite': ['Chief Financial Officer', 'CFO'],
  },
  'Human Resources': {
    Intern: ['HR Intern'],
    Entry: ['HR Coordinator', 'Recruiter', 'HR Generalist', 'Talent Acquisition Coordinator'],
    Senior: ['Senior Recruiter', 'Senior HR Business Partner', 'Senior Talent Acquisition Specialist'],
    Manager: ['HR Manager', 'Talent Acquisition Manager', 'Benefits Manager'],
    Director: ['Director of Human Resources', 'HR Director', 'Director of Talent Acquisition'],
    VP: ['VP of Human Resources', 'VP of People'],
    'C-Suite': ['Chief Human Resources Officer', 'Chief People Officer'],
  },
  Operations: {
    Intern: ['Operations Intern'],
    Entry: ['Operations Coordinator', 'Operations Associate', 'Logistics Coordinator', 'Project Coordinator', 'Dispatcher'],
    Senior: ['Senior Operations Analyst', 'Senior Business Analyst', 'Supply Chain Analyst', 'Senior Project Coordinator'],
    Manager: ['Operations Manager', 'Project Manager', 'Office Manager', 'Facilities Manager', 'Warehouse Manager', 'Plant Manager'],
    Director: ['Director of Operations', 'Operations Director', 'Director of Supply Chain'],
    VP: ['VP of Operations', 'Vice President of Operations'],
    'C-Suite': ['Chief Operating Officer', 'COO'],
  },
  IT: {
    Intern: ['IT Intern'],
    Entry: ['IT Support Specialist', 'Help Desk Technician', 'Systems Administrator', 'Network Technician'],
    Senior: [
      'Senior Systems Administrator',
      'Senior Network Engineer',
      'Cloud Architect',
      'Security Analyst',
      'Senior Cybersecurity Analyst',
    ],
    Manager: ['IT Manager', 'Network Manager', 'Information Security Manager'],
    Director: ['Director of IT', 'IT Director', 'Director of Information Security'],
    VP: ['VP of Information Technology', 'VP of IT'],
    'C-Suite': ['Chief Information Officer', 'CIO', 'Chief Information Security Officer', 'CISO'],
  },
  Legal: {
    Intern: ['Legal Intern', 'Law Clerk'],
    Entry: ['Paralegal', 'Legal Assistant', 'Associate Attorney', 'Contracts Administrator'],
    Senior: ['Senior Associate', 'Senior Counsel', 'Senior Paralegal', 'Corporate Counsel'],
    Manager: ['Legal Operations Manager', 'Compliance Manager', 'Contracts Manager'],
    Director: ['Director of Legal Affairs', 'Associate General Counsel', 'Director of Compliance'],
    VP: ['VP of Legal', 'Deputy General Counsel', 'VP of Compliance'],
    'C-Suite': ['General Counsel', 'Chief Legal Officer', 'Chief Compliance Officer'],
  },
  'Customer Success': {
    Intern: ['Customer Success Intern'],
    Entry: ['Customer Success Associate', 'Customer Support Representative', 'Customer Service Representative', 'Support Specialist'],
    Senior: ['Senior Customer Success Manager', 'Senior Support Engineer', 'Technical Account Manager'],
    Manager: ['Customer Success Manager', 'Customer Service Manager', 'Support Manager'],
    Director: ['Director of Customer Success', 'Director of Customer Experience', 'Director of Client Services'],
    VP: ['VP of Customer Success', 'VP of Customer Experience'],
    'C-Suite': ['Chief Customer Officer', 'Chief Experience Officer'],
  },
  Product: {
    Intern: ['Product Management Intern'],
    Entry: ['Associate Product Manager', 'Product Analyst'],
    Senior: ['Senior Product Manager', 'Product Owner', 'Principal Product Manager'],
    Manager: ['Product Manager', 'Group Product Manager'],
    Director: ['Director of Product Management', 'Director of Product'],
    VP: ['VP of Product', 'Vice President of Product Management'],
    'C-Suite': ['Chief Product Officer', 'CPO'],
  },
  Design: {
    Intern: ['Design Intern'],
    Entry: ['Graphic Designer', 'UX Designer', 'UI Designer', 'Junior Designer'],
    Senior: ['Senior UX Designer', 'Senior Graphic Designer', 'Senior Product Designer'],
    Manager: ['Design Manager', 'Creative Manager'],
    Director: ['Creative Director', 'Art Director', 'Director of Design'],
    VP: ['VP of Design', 'VP of Creative'],
    'C-Suite': ['Chief Design Officer', 'Chief Creative Officer'],
  },
  Executive: {
    Intern: ['Intern, Office of the CEO'],
    Entry: ['Executive Assistant', 'Administrative Assistant', 'Office Administrator', 'Receptionist'],
    Senior: ['Chief of Staff', 'Senior Executive Assistant', 'Strategy Associate'],
    Manager: ['General Manager', 'Branch Manager', 'Business Manager'],
    Director: ['Managing Director', 'Executive Director', 'Director of Strategy'],
    VP: ['Executive Vice President', 'Senior Vice President', 'VP of Strategy'],
    'C-Suite': ['Chief Executive Officer', 'CEO', 'President', 'President & CEO', 'Co-Founder & CEO'],
  },
  Medical: {
    Intern: ['Nursing Intern', 'Medical Assistant Intern'],
    Entry: ['Registered Nurse', 'Medical Assistant', 'Pharmacy Technician', 'Physical Therapist', 'Dental Hygienist'],
    Senior: ['Physician', 'Nurse Practitioner', 'Physician Assistant', 'Charge Nurse', 'Senior Clinical Research Associate'],
    Manager: ['Nurse Manager', 'Clinical Manager', 'Practice Manager'],
    Director: ['Director of Nursing', 'Medical Director', 'Clinical Director'],
    VP: ['VP of Clinical Operations', 'Vice President of Patient Care Services'],
    'C-Suite': ['Chief Medical Officer', 'Chief Nursing Officer'],
  },
  Education: {
    Intern: ['Student Teacher', 'Teaching Intern'],
    Entry: ['Teacher', 'Teaching Assistant', 'Admissions Counselor', 'Academic Advisor'],
    Senior: ['Professor', 'Associate Professor', 'Senior Lecturer', 'Lead Teacher'],
    Manager: ['Department Chair', 'Program Manager', 'Assistant Principal'],
    Director: ['Principal', 'Dean of Students', 'Director of Admissions', 'Dean'],
    VP: ['Vice Provost', 'Vice President of Academic Affairs', 'Assistant Superintendent'],
    'C-Suite': ['Superintendent', 'President', 'Provost', 'Chancellor'],
  },
  'Public Administration': {
    Intern: ['Policy Intern', 'Legislative Intern'],
    Entry: ['Program Specialist', 'Policy Analyst', 'Legislative Aide', 'Police Officer', 'Firefighter', 'Case Worker'],
    Senior: ['Senior Policy Analyst', 'Senior Program Specialist', 'Sergeant', 'Lieutenant', 'Senior Legislative Aide'],
    Manager: ['Program Manager', 'Captain', 'Grants Manager', 'Public Information Officer'],
    Director: ['Director of Public Works', 'Program Director', 'Deputy Chief', 'Director of Community Development'],
    VP: ['Deputy Director', 'Assistant City Manager', 'Deputy Commissioner'],
    'C-Suite': ['City Manager', 'Chief of Police', 'Fire Chief', 'Commissioner'],
  },
  Fundraising: {
    Intern: ['Development Intern'],
    Entry: ['Development Coordinator', 'Grant Writer', 'Volunteer Coordinator'],
    Senior: ['Senior Development Officer', 'Major Gifts Officer'],
    Manager: ['Development Manager', 'Annual Fund Manager', 'Events Manager'],
    Director: ['Director of Development', 'Director of Programs', 'Director of Philanthropy'],
    VP: ['VP of Development', 'VP of Philanthropy'],
    'C-Suite': ['Executive Director', 'Chief Development Officer'],
  },
};

/** How common each department is at a typical employer, before the industry tilts it. */
export const DEPARTMENT_WEIGHTS: ReadonlyArray<readonly [SyntheticDepartment, number]> = [
  ['Engineering', 12],
  ['Sales', 18],
  ['Marketing', 9],
  ['Finance', 7],
  ['Human Resources', 6],
  ['Operations', 14],
  ['IT', 8],
  ['Legal', 2],
  ['Customer Success', 6],
  ['Product', 3],
  ['Design', 3],
  ['Executive', 4],
];

/** Who holds the top jobs: most chiefs are the chief executive. */
export const C_SUITE_DEPARTMENT_WEIGHTS: ReadonlyArray<readonly [SyntheticDepartment, number]> = [
  ['Executive', 45],
  ['Finance', 12],
  ['Operations', 10],
  ['Engineering', 8],
  ['IT', 6],
  ['Sales', 6],
  ['Marketing', 6],
  ['Human Resources', 3],
  ['Legal', 2],
  ['Product', 1],
  ['Customer Success', 1],
  ['Design', 0.5],
];

type DepartmentTilt = Partial<Record<SyntheticDepartment, number>>;

export const DEPARTMENT_TILT_BY_CATEGORY: Partial<Record<SyntheticCategory, DepartmentTilt>> = {
  Technology: { Engineering: 2.2, Product: 2, IT: 1.3, 'Customer Success': 1.3 },
  Manufacturing: { Engineering: 1.5, Operations: 1.6 },
  'Transportation & Logistics': { Operations: 2.2 },
  'Retail & Consumer': { Sales: 1.5, 'Customer Success': 1.3 },
  'Marketing & Media': { Marketing: 2.5, Design: 2 },
  'Financial Services': { Finance: 2.5 },
  'Real Estate & Construction': { Operations: 1.5, Sales: 1.3 },
  Government: { Sales: 0.05, Marketing: 0.4, Product: 0.2, Design: 0.3, 'Customer Success': 0.3 },
  Education: { Sales: 0.2, Product: 0.3, 'Customer Success': 0.3 },
  Nonprofit: { Sales: 0.15, Product: 0.2, 'Customer Success': 0.3 },
};

/** The department that only some industries have, and the share of their people in it. */
type SpecialistShare = readonly [SyntheticDepartment, number];

export const SPECIALIST_DEPARTMENT_BY_CATEGORY: Partial<Record<SyntheticCategory, SpecialistShare>> = {
  Healthcare: ['Medical', 0.4],
  Education: ['Education', 0.45],
  Government: ['Public Administration', 0.45],
  Nonprofit: ['Fundraising', 0.25],
  Legal: ['Legal', 0.5],
};

/** Seniority mix by company size class (1–50, 51–1000, 1001+): small firms are run by owners. */
export const SENIORITY_WEIGHTS_BY_SIZE_CLASS: ReadonlyArray<Readonly<Record<SyntheticSeniority, number>>> = [
  { Intern: 4, Entry: 32, Senior: 18, Manager: 14, Director: 6, VP: 3, 'C-Suite': 7, Partner: 2, Owner: 9 },
  { Intern: 4, Entry: 35, Senior: 22, Manager: 18, Director: 10, VP: 5, 'C-Suite': 3, Partner: 1.5, Owner: 1.5 },
  { Intern: 4, Entry: 35, Senior: 26, Manager: 18, Director: 10, VP: 5, 'C-Suite': 0.8, Partner: 1, Owner: 0.2 },
];
