import { detectEnrichmentColumns } from './enrichment-columns';
import { readEnrichmentRow, rowsMissingWebsiteOrEmail } from './enrichment-row';

const columns = detectEnrichmentColumns(['Full Name', 'Email', 'Website', 'Title', 'Company']);

describe('enrichment rows', () => {
  it('reads the contact and the website to read', () => {
    expect(
      readEnrichmentRow(['Ada King Lovelace', 'Ada@ClinicSoft.test ', 'https://www.clinicsoft.test/about', 'CTO', 'ClinicSoft'], columns),
    ).toEqual({
      email: 'ada@clinicsoft.test',
      firstName: 'Ada',
      lastName: 'King Lovelace',
      title: 'CTO',
      company: 'ClinicSoft',
      domain: 'clinicsoft.test',
    });
  });

  it("reads a row with only an email through the email's domain, unless it is a mailbox provider", () => {
    expect(readEnrichmentRow(['', 'bo@harbor.test', '', '', ''], columns).domain).toBe('harbor.test');
    expect(readEnrichmentRow(['', 'bo@Gmail.com', '', '', ''], columns).domain).toBeNull();
  });

  it('lists the 1-based data rows with neither a usable website nor a usable email', () => {
    const rows = [
      ['A', '', 'acme.test', '', ''],
      ['B', '', '', '', ''],
      ['C', 'c@d.test', '', '', ''],
      ['D', 'not an email', 'not a site', '', ''],
    ];
    expect(rowsMissingWebsiteOrEmail(rows, columns)).toEqual([2, 4]);
    expect(rowsMissingWebsiteOrEmail([['x'], ['y']], detectEnrichmentColumns(['Notes']))).toEqual([1, 2]);
  });
});
