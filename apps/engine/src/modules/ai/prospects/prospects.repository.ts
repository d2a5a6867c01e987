import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from '../../../infrastructure/database/query-rows';

export interface DirectoryCompany {
  domain: string;
  name: string;
  industry: string;
  sizeBucket: string;
  companyType: string;
  description: string;
}

export interface DirectoryContact {
  email: string;
  firstName: string;
  lastName: string;
  title: string;
  seniority: string;
  department: string;
  countryCode: string;
  company: DirectoryCompany;
}

interface ContactRow {
  email: string;
  first_name: string;
  last_name: string;
  job_title: string;
  seniority: string;
  department: string;
  country_code: string;
  domain: string;
  name: string;
  industry: string;
  size_bucket: string;
  company_type: string;
  description: string;
}

type CompanyRow = Pick<ContactRow, 'domain' | 'name' | 'industry' | 'size_bucket' | 'company_type' | 'description'>;

const CONTACT_COLUMNS = `lower(c.email) AS email, c.first_name, c.last_name, c.job_title, c.seniority, c.department, c.country_code,
  co.domain, co.name, co.industry, co.size_bucket, co.company_type, co.description`;

const toCompany = (row: CompanyRow): DirectoryCompany => ({
  domain: row.domain,
  name: row.name,
  industry: row.industry,
  sizeBucket: row.size_bucket,
  companyType: row.company_type,
  description: row.description,
});

const toContact = (row: ContactRow): DirectoryContact => ({
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  title: row.job_title,
  seniority: row.seniority,
  department: row.department,
  countryCode: row.country_code,
  company: toCompany(row),
});

/** The engine's own contacts and companies, read to ground AI answers. */
@Injectable()
export class ProspectsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Contacts by email (case-insensitive), keyed by the lower-case email. */
  async contactsByEmail(emails: readonly string[]): Promise<Map<string, DirectoryContact>> {
    if (emails.length === 0) return new Map();
    const rows = await queryRows<ContactRow>(
      this.dataSource.manager,
      `SELECT DISTINCT ON (lower(c.email)) ${CONTACT_COLUMNS}
       FROM contacts c JOIN companies co ON co.id = c.company_id
       WHERE lower(c.email) = ANY($1::text[]) ORDER BY lower(c.email), c.seq`,
      [emails.map((email) => email.toLowerCase())],
    );
    return new Map(rows.map((row) => [row.email, toContact(row)]));
  }

  async companiesByDomain(domains: readonly string[]): Promise<Map<string, DirectoryCompany>> {
    if (domains.length === 0) return new Map();
    const rows = await queryRows<CompanyRow>(
      this.dataSource.manager,
      'SELECT domain, name, industry, size_bucket, company_type, description FROM companies WHERE domain = ANY($1::text[])',
      [[...new Set(domains)]],
    );
    return new Map(rows.map((row) => [row.domain, toCompany(row)]));
  }

  /** A contact of the company at `domain` with this first and last name. */
  async contactByName(domain: string, firstName: string, lastName: string): Promise<DirectoryContact | null> {
    const rows = await queryRows<ContactRow>(
      this.dataSource.manager,
      `SELECT ${CONTACT_COLUMNS} FROM contacts c JOIN companies co ON co.id = c.company_id
       WHERE co.domain = $1 AND lower(c.first_name) = lower($2) AND lower(c.last_name) = lower($3) ORDER BY c.seq LIMIT 1`,
      [domain, firstName, lastName],
    );
    return rows[0] ? toContact(rows[0]) : null;
  }
}
