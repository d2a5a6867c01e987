import { stringify } from 'csv-stringify/sync';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCliInProcess } from './engine-under-test';
import { TestEnvironment } from './test-environment';

export interface SeedCompany {
  domain: string;
  name: string;
  size: string;
  industry: string;
  /** What the engine derives from the industry and size; kept beside the fixture as the expected answer. */
  type: 'private' | 'government' | 'nonprofit' | 'education';
  revenue: string;
  description: string;
}

export interface SeedContact {
  id: string;
  company: string;
  first: string;
  last: string;
  email: string;
  phone: string | null;
  title: string;
  seniority: string;
  department: string;
  country: string;
}

/**
 * Imports companies and contacts (in the given order = browse order) the way an operator does: a CSV
 * of contract §6 through the CLI's `contacts:import`, which also tells running engines to reload.
 */
export async function seedLeads(environment: TestEnvironment, companies: SeedCompany[], contacts: SeedContact[]): Promise<void> {
  const byDomain = new Map(companies.map((company) => [company.domain, company]));
  const rows = contacts.map((contact) => {
    const company = byDomain.get(contact.company)!;
    return {
      id: contact.id,
      first_name: contact.first,
      last_name: contact.last,
      email: contact.email,
      phone: contact.phone ?? '',
      linkedin_url: `https://www.linkedin.com/in/${contact.first.toLowerCase()}`,
      job_title: contact.title,
      seniority: contact.seniority,
      department: contact.department,
      country: contact.country === 'US' ? 'United States' : contact.country,
      country_code: contact.country,
      state: 'CA',
      city: 'San Francisco',
      company_name: company.name,
      company_domain: company.domain,
      company_size: company.size,
      company_founded: '2001',
      company_linkedin: `https://www.linkedin.com/company/${company.domain}`,
      industry: company.industry,
      category: 'Test',
      company_description: company.description,
    };
  });
  const folder = await mkdtemp(path.join(tmpdir(), 'le-seed-'));
  const file = path.join(folder, 'contacts.csv');
  try {
    await writeFile(file, stringify(rows, { header: true }));
    // In this process (a second or more saved on starting Node and the CLI), at the priority of the tests.
    const result = await runCliInProcess(environment, ['contacts:import', file, '--priority', 'normal', '--json']);
    if (result.code !== 0) throw new Error(`contacts:import failed: ${result.stderr}`);
    const report = JSON.parse(result.stdout);
    if (report.rejected !== 0 || report.imported + report.updated !== contacts.length) throw new Error(`contacts:import: ${result.stdout}`);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
