import { COMPANY_SIZE_BUCKETS, companyTypeForIndustry } from '../company-derivations';
import { containsWholeWords } from '../text-matching';
import { REFERENCE_YEAR } from './company-factory';
import { createContactGenerator, generateContacts } from './contact-generator';
import { SYNTHETIC_INDUSTRIES } from './industry-taxonomy';
import { SYNTHETIC_DEPARTMENTS, SYNTHETIC_SENIORITIES } from './job-roles';
import { SYNTHETIC_CONTACT_CSV_COLUMNS, type SyntheticContact } from './synthetic-contact';

const take = (seed: number, count: number): SyntheticContact[] => [...generateContacts(count, seed)];
const countBy = <K>(rows: readonly SyntheticContact[], key: (row: SyntheticContact) => K): Map<K, number> => {
  const counts = new Map<K, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
};

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const US_PHONE = /^\+1 \d{3} 555 \d{4}$/;
const PROFILE_URL = /^https:\/\/www\.linkedin\.com\/in\/[a-z0-9]+-[a-z0-9]+-[0-9a-f]{6}$/;

describe('synthetic contacts', () => {
  describe('determinism', () => {
    it('repeats the same contacts in the same order for a seed', () => {
      expect(take(42, 3000)).toEqual(take(42, 3000));
    });

    it('streams the same contacts from the generator object and the iterable', () => {
      const generator = createContactGenerator(42);
      expect(take(42, 50)).toEqual(Array.from({ length: 50 }, () => generator.next()));
    });

    it('gives other contacts for another seed', () => {
      const first = take(1, 200);
      const second = take(2, 200);
      const firstIds = new Set(first.map((row) => row.id));
      expect(second.some((row) => firstIds.has(row.id))).toBe(false);
      expect(second.map((row) => row.email)).not.toEqual(first.map((row) => row.email));
    });
  });

  describe('on 20,000 rows', () => {
    const rows = take(20_260_101, 20_000);
    const byDomain = new Map<string, SyntheticContact[]>();
    for (const row of rows) {
      const contacts = byDomain.get(row.companyDomain);
      if (contacts) contacts.push(row);
      else byDomain.set(row.companyDomain, [row]);
    }

    it('has the exact CSV columns of the import format', () => {
      expect(Object.keys(rows[0]).sort()).toEqual(SYNTHETIC_CONTACT_CSV_COLUMNS.map(([, key]) => key).sort());
    });

    it('is almost all US, the rest from a handful of countries', () => {
      const countries = countBy(rows, (row) => row.countryCode);
      expect((countries.get('US') ?? 0) / rows.length).toBeGreaterThanOrEqual(0.995);
      expect(countries.size).toBeGreaterThan(1);
      for (const code of countries.keys()) expect(['US', 'CA', 'GB', 'AU', 'DE', 'IE', 'NL']).toContain(code);
      const usRow = rows.find((row) => row.countryCode === 'US');
      expect(usRow?.country).toBe('United States');
    });

    it('covers all nine size buckets, with most companies small', () => {
      const companySizes = [...byDomain.values()].map((contacts) => contacts[0].companySize);
      expect(new Set(companySizes)).toEqual(new Set(COMPANY_SIZE_BUCKETS));
      const small = companySizes.filter((size) => size === '1 to 10' || size === '11 to 50').length;
      expect(small / companySizes.length).toBeGreaterThan(0.5);
    });

    it('shares companies between contacts, about one company per eight contacts', () => {
      expect(byDomain.size).toBeGreaterThan(rows.length / 12);
      expect(byDomain.size).toBeLessThan(rows.length / 5);
      const sizes = [...byDomain.values()].map((contacts) => contacts.length);
      expect(Math.max(...sizes)).toBeGreaterThanOrEqual(20);
      const sharing = sizes.filter((size) => size > 1).reduce((sum, size) => sum + size, 0);
      expect(sharing / rows.length).toBeGreaterThan(0.9);
    });

    it('keeps every company consistent across its contacts, and no two companies on one domain or page', () => {
      const companyFields = [
        'companyName',
        'companySize',
        'companyFounded',
        'companyLinkedin',
        'industry',
        'category',
        'companyDescription',
        'countryCode',
      ] as const;
      const company = (row: SyntheticContact) => JSON.stringify(companyFields.map((field) => row[field]));
      const linkedinPages = new Set<string>();
      for (const contacts of byDomain.values()) {
        expect(new Set(contacts.map(company)).size).toBe(1);
        linkedinPages.add(contacts[0].companyLinkedin);
      }
      expect(linkedinPages.size).toBe(byDomain.size);
    });

    it('never gives two contacts the same id or email', () => {
      expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
      expect(new Set(rows.map((row) => row.email)).size).toBe(rows.length);
    });

    it('uses the published seniorities, departments and industries', () => {
      expect(new Set(rows.map((row) => row.seniority))).toEqual(new Set(SYNTHETIC_SENIORITIES));
      expect(new Set(rows.map((row) => row.department))).toEqual(new Set(SYNTHETIC_DEPARTMENTS));
      const categoryOf = new Map(SYNTHETIC_INDUSTRIES.map((industry) => [industry.name, industry.category]));
      expect(rows.filter((row) => categoryOf.get(row.industry) !== row.category)).toEqual([]);
      expect(new Set(rows.map((row) => row.industry)).size).toBeGreaterThan(80);
    });

    it('has companies of every type', () => {
      expect(new Set(rows.map((row) => companyTypeForIndustry(row.industry)))).toEqual(
        new Set(['private', 'government', 'nonprofit', 'education']),
      );
    });

    it('weights seniority like a real workforce', () => {
      const seniorities = countBy(rows, (row) => row.seniority);
      const share = (seniority: string) => (seniorities.get(seniority) ?? 0) / rows.length;
      expect(share('Entry')).toBeGreaterThan(share('Manager'));
      expect(share('Manager')).toBeGreaterThan(share('VP'));
      expect(share('C-Suite')).toBeLessThan(0.1);
    });

    it('mixes email statuses, phones and profiles like a real contact database', () => {
      const statuses = countBy(rows, (row) => row.emailStatus);
      expect([...statuses.keys()].sort()).toEqual(['catch_all', 'unknown', 'verified']);
      expect((statuses.get('verified') ?? 0) / rows.length).toBeGreaterThan(0.5);
      const withPhone = rows.filter((row) => row.phone !== null).length / rows.length;
      expect(withPhone).toBeGreaterThan(0.6);
      expect(withPhone).toBeLessThan(0.8);
      expect(rows.filter((row) => row.linkedinUrl !== null).length / rows.length).toBeGreaterThan(0.85);
    });

    it('includes names written with non-ASCII letters', () => {
      const unicode = rows.filter((row) => /[^\x00-\x7f]/.test(row.firstName + row.lastName));
      expect(unicode.length).toBeGreaterThan(20);
    });

    it('describes companies with words people search for', () => {
      for (const term of ['SaaS', 'cloud', 'healthcare', 'logistics', 'AI', 'cybersecurity', 'B2B']) {
        expect([term, rows.some((row) => containsWholeWords(row.companyDescription, term))]).toEqual([term, true]);
      }
    });

    it('passes format checks on every row', () => {
      const problems: string[] = [];
      const check = (row: SyntheticContact, ok: boolean, what: string) => {
        if (!ok) problems.push(`${what}: ${JSON.stringify(row)}`);
      };
      for (const row of rows) {
        check(row, UUID_V4.test(row.id), 'id');
        check(row, /^[a-z0-9]+([._][a-z0-9]+)*$/.test(row.email.split('@')[0]), 'email local part');
        check(row, row.email.endsWith(`@${row.companyDomain}`), 'email domain');
        check(row, /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z]+)+$/.test(row.companyDomain), 'domain');
        check(row, row.phone === null || /^\+\d{1,3}( \d{1,4})+$/.test(row.phone), 'phone');
        check(row, row.countryCode !== 'US' || row.phone === null || US_PHONE.test(row.phone), 'US phone');
        check(row, row.linkedinUrl === null || PROFILE_URL.test(row.linkedinUrl), 'linkedin');
        check(row, /^https:\/\/www\.linkedin\.com\/company\/[a-z0-9-]+$/.test(row.companyLinkedin), 'company linkedin');
        check(row, Number.isInteger(row.companyFounded), 'founded');
        check(row, row.companyFounded >= 1790 && row.companyFounded <= REFERENCE_YEAR, 'founded');
        check(row, (COMPANY_SIZE_BUCKETS as readonly string[]).includes(row.companySize), 'size');
        for (const key of ['firstName', 'lastName', 'jobTitle', 'country', 'state', 'city', 'companyName'] as const) {
          check(row, row[key].trim() !== '' && row[key] === row[key].trim(), key);
        }
        check(row, row.companyDescription.length > 30 && row.companyDescription.endsWith('.'), 'description');
      }
      expect(problems.slice(0, 5)).toEqual([]);
    });
  });
});
