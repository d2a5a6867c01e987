import Redis from 'ioredis';
import { Client } from 'pg';
import { TestEnvironment } from './test-environment';

export interface SeedCompany {
  domain: string;
  name: string;
  size: string;
  industry: string;
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

/** Writes companies and contacts straight into the tables (in the given order = browse order) and tells the engine. */
export async function seedLeads(environment: TestEnvironment, companies: SeedCompany[], contacts: SeedContact[]): Promise<void> {
  const client = new Client({ connectionString: environment.databaseUrl });
  await client.connect();
  try {
    const ids = new Map<string, string>();
    for (const company of companies) {
      const { rows } = await client.query(
        `INSERT INTO companies (domain, name, size_bucket, revenue_band, industry, category, company_type, founded, linkedin_url, description)
         VALUES ($1, $2, $3, $4, $5, 'Test', $6, 2001, $7, $8) RETURNING id`,
        [
          company.domain,
          company.name,
          company.size,
          company.revenue,
          company.industry,
          company.type,
          `https://www.linkedin.com/company/${company.domain}`,
          company.description,
        ],
      );
      ids.set(company.domain, rows[0].id);
    }
    for (const contact of contacts) {
      await client.query(
        `INSERT INTO contacts (id, company_id, first_name, last_name, email, phone, linkedin_url, job_title, seniority, department, country_code, country, state, city)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'CA', 'San Francisco')`,
        [
          contact.id,
          ids.get(contact.company),
          contact.first,
          contact.last,
          contact.email,
          contact.phone,
          `https://www.linkedin.com/in/${contact.first.toLowerCase()}`,
          contact.title,
          contact.seniority,
          contact.department,
          contact.country,
          contact.country === 'US' ? 'United States' : contact.country,
        ],
      );
    }
  } finally {
    await client.end();
  }
  const redis = new Redis(environment.redisUrl);
  await redis.publish(`${environment.redisKeyPrefix}:contacts-changed`, 'seeded');
  redis.disconnect();
}
