export * from './contact-generator';
export * from './synthetic-contact';
export { SYNTHETIC_CATEGORIES, SYNTHETIC_INDUSTRIES } from './industry-taxonomy';
export type { SyntheticCategory, SyntheticIndustry } from './industry-taxonomy';
export { SYNTHETIC_DEPARTMENTS, SYNTHETIC_SENIORITIES } from './job-roles';
export type { SyntheticDepartment, SyntheticSeniority } from './job-roles';
