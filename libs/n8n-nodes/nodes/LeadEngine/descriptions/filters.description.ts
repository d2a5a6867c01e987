import type { IDataObject, INodeProperties } from 'n8n-workflow';

const loadedList = (displayName: string, name: string, loadOptionsMethod: string, description: string): INodeProperties => ({
  displayName,
  name,
  type: 'multiOptions',
  typeOptions: { loadOptionsMethod },
  default: [],
  description,
});

const textList = (displayName: string, name: string, placeholder: string, description: string): INodeProperties => ({
  displayName,
  name,
  type: 'string',
  default: '',
  placeholder,
  description,
});

const MATCHING = 'Each term matches as a case-insensitive substring, or as whole words with Exact Match on.';

/** The filter set shared by count, browse and export. Free-text lists are comma-separated. */
export const filtersCollection: INodeProperties = {
  displayName: 'Filters',
  name: 'filters',
  type: 'collection',
  placeholder: 'Add Filter',
  default: {},
  options: [
    loadedList(
      'Company Size Names or IDs',
      'companySize',
      'getCompanySizes',
      'Headcount buckets. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
    ),
    {
      displayName: 'Company Type',
      name: 'companyType',
      type: 'multiOptions',
      options: [
        { name: 'Education', value: 'education' },
        { name: 'Government', value: 'government' },
        { name: 'Nonprofit', value: 'nonprofit' },
        { name: 'Private', value: 'private' },
      ],
      default: [],
      description: 'Derived from the industry; listed (public) companies cannot be filtered',
    },
    loadedList(
      'Country Names or IDs',
      'country',
      'getCountries',
      'Listed by name with the ISO code the filter uses (e.g. DE). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
    ),
    loadedList(
      'Department Names or IDs',
      'department',
      'getDepartments',
      'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
    ),
    {
      displayName: 'Exact Match',
      name: 'exactMatch',
      type: 'boolean',
      default: false,
      description:
        'Whether job titles and keywords match as whole words (then "cto" no longer matches "Director") instead of case-insensitive substrings',
    },
    textList(
      'Exclude Keywords',
      'excludeKeywords',
      'e.g. staffing, recruitment agency',
      `Comma-separated terms; companies whose description contains any of them are left out. ${MATCHING}`,
    ),
    textList(
      'Exclude Titles',
      'excludeTitles',
      'e.g. intern, assistant',
      `Comma-separated terms; people whose job title contains any of them are left out. ${MATCHING}`,
    ),
    textList(
      'Include Keywords',
      'includeKeywords',
      'e.g. logistics, route planning',
      `Comma-separated terms looked for in the company description (what the company does), not in job titles; see Match Any Keyword. ${MATCHING}`,
    ),
    loadedList(
      'Industry Names or IDs',
      'industry',
      'getIndustries',
      'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
    ),
    textList(
      'Job Titles',
      'jobTitles',
      'e.g. founder, head of growth',
      `Comma-separated terms; a person matches when their job title contains any of them. ${MATCHING}`,
    ),
    {
      displayName: 'Match Any Keyword',
      name: 'matchAny',
      type: 'boolean',
      default: true,
      description: 'Whether a company needs only one of the include keywords (otherwise all of them)',
    },
    {
      displayName: 'Max per Company',
      name: 'maxPerCompany',
      type: 'number',
      typeOptions: { minValue: 1 },
      default: 1,
      description: 'At most this many contacts per company',
    },
    loadedList(
      'Revenue Names or IDs',
      'revenue',
      'getRevenues',
      'Revenue bands (derived from headcount). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
    ),
    loadedList(
      'Seniority Names or IDs',
      'seniority',
      'getSeniorities',
      'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
    ),
  ],
};

const TEXT_LISTS = ['jobTitles', 'excludeTitles', 'includeKeywords', 'excludeKeywords'];

/** The collection as the engine's filter set: comma-separated text becomes arrays, empty filters are left out. */
export function toFilterSet(filters: IDataObject): IDataObject {
  const filterSet: IDataObject = {};
  for (const [name, value] of Object.entries(filters)) {
    const list = TEXT_LISTS.includes(name) ? splitList(value) : value;
    if (Array.isArray(list) && list.length === 0) continue;
    if (list === '' || list === undefined || list === null) continue;
    filterSet[name] = list;
  }
  return filterSet;
}

/** A comma- or newline-separated string (or an array from an expression) as a list of trimmed values. */
export function splitList(value: unknown): string[] {
  const parts = Array.isArray(value) ? value.map(String) : String(value ?? '').split(/[,\n]/);
  return parts.map((part) => part.trim()).filter(Boolean);
}
