import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { engineRequest } from '../transport/engineRequest';

interface FilterValues {
  values: Array<{ value: string; count: string }>;
}

/** The values the lead database holds for one filter, with how many contacts have each. */
async function filterValues(context: ILoadOptionsFunctions, field: string): Promise<INodePropertyOptions[]> {
  const response = (await engineRequest.call(context, {
    method: 'GET',
    path: '/leads/filters',
    qs: { field },
  })) as unknown as FilterValues;
  return response.values.map(({ value, count }) => ({
    name: value,
    value,
    description: `${Number(count).toLocaleString('en-US')} contacts`,
  }));
}

export async function getIndustries(this: ILoadOptionsFunctions) {
  return await filterValues(this, 'industry');
}

export async function getSeniorities(this: ILoadOptionsFunctions) {
  return await filterValues(this, 'seniority');
}

export async function getCountries(this: ILoadOptionsFunctions) {
  return await filterValues(this, 'country');
}

export async function getDepartments(this: ILoadOptionsFunctions) {
  return await filterValues(this, 'department');
}

export async function getCompanySizes(this: ILoadOptionsFunctions) {
  return await filterValues(this, 'company_size');
}

export async function getRevenues(this: ILoadOptionsFunctions) {
  return await filterValues(this, 'revenue');
}
