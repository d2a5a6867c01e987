import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { engineRequest } from '../transport/engineRequest';
import { contactCount } from './contactCount';
import { countryName } from './countryName';

interface FilterValues {
  values: Array<{ value: string; count: string }>;
}

/** The values the lead database holds for one filter, with how many contacts have each. */
async function filterValues(
  context: ILoadOptionsFunctions,
  field: string,
  nameOf: (value: string) => string = (value) => value,
): Promise<INodePropertyOptions[]> {
  const response = (await engineRequest.call(context, {
    method: 'GET',
    path: '/leads/filters',
    qs: { field },
  })) as unknown as FilterValues;
  return response.values.map(({ value, count }) => ({
    name: nameOf(value),
    value,
    description: contactCount(Number(count)),
  }));
}

export async function getIndustries(this: ILoadOptionsFunctions) {
  return await filterValues(this, 'industry');
}

export async function getSeniorities(this: ILoadOptionsFunctions) {
  return await filterValues(this, 'seniority');
}

export async function getCountries(this: ILoadOptionsFunctions) {
  return await filterValues(this, 'country', countryName);
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
