import { columnVisibilityFeature, createColumnHelper, rowSelectionFeature, tableFeatures } from '@tanstack/react-table';
import type { MaskedLead } from '../api/leads.types';

export const leadTableFeatures = tableFeatures({ rowSelectionFeature, columnVisibilityFeature });
const column = createColumnHelper<typeof leadTableFeatures, MaskedLead>();

/** The masked columns a person can show or hide, in the table's order; the name always shows. */
export const LEAD_COLUMNS = [
  { id: 'jobTitle', label: 'Job title' },
  { id: 'companyName', label: 'Company' },
  { id: 'location', label: 'Location' },
  { id: 'companySize', label: 'Company size' },
  { id: 'email', label: 'Email' },
  { id: 'phone', label: 'Phone' },
  { id: 'seniority', label: 'Seniority' },
  { id: 'department', label: 'Department' },
  { id: 'industryName', label: 'Industry' },
] as const;
export type LeadColumnId = (typeof LEAD_COLUMNS)[number]['id'];

/** Shown unless a person chose otherwise. */
export const DEFAULT_HIDDEN_COLUMNS: LeadColumnId[] = ['phone', 'department'];

const label = (id: string) => LEAD_COLUMNS.find((item) => item.id === id)?.label ?? id;

export const leadColumns = column.columns([
  column.display({ id: 'select', header: 'Select', enableHiding: false }),
  column.accessor('fullName', { id: 'name', header: 'Name', enableHiding: false }),
  column.accessor('jobTitle', { header: label('jobTitle') }),
  column.accessor('companyName', { header: label('companyName') }),
  column.accessor((lead) => [lead.city, lead.state, lead.countryCode].filter(Boolean).join(', '), {
    id: 'location',
    header: label('location'),
  }),
  column.accessor('companySize', { header: label('companySize') }),
  column.accessor('email', { header: label('email') }),
  column.accessor((lead) => lead.phone ?? '', { id: 'phone', header: label('phone') }),
  column.accessor('seniority', { header: label('seniority') }),
  column.accessor('department', { header: label('department') }),
  column.accessor((lead) => lead.industryName, { id: 'industryName', header: label('industryName') }),
]);
