import { describeEnrichmentColumns, detectEnrichmentColumns } from './enrichment-columns';

describe('detectEnrichmentColumns', () => {
  it('finds columns under their common spellings', () => {
    const headers = ['First Name', 'last_name', 'E-mail Address', 'Company Website', 'Job Title', 'Company Name', 'Notes'];
    expect(detectEnrichmentColumns(headers)).toEqual({
      website: 3,
      email: 2,
      firstName: 0,
      lastName: 1,
      fullName: -1,
      title: 4,
      company: 5,
    });
    expect(detectEnrichmentColumns(['Name', 'Domain', 'Work Email', 'Position', 'Organization'])).toEqual({
      website: 1,
      email: 2,
      firstName: -1,
      lastName: -1,
      fullName: 0,
      title: 3,
      company: 4,
    });
  });

  it('prefers the more specific spelling: "website" over "url", "email" over "mail"', () => {
    expect(detectEnrichmentColumns(['LinkedIn URL', 'url', 'Website', 'mail', 'email'])).toMatchObject({ website: 2, email: 4 });
  });

  it('reports what was found by header', () => {
    const headers = ['Domain', 'Notes'];
    expect(describeEnrichmentColumns(headers, detectEnrichmentColumns(headers))).toMatchObject({ website: 'Domain', email: null });
  });
});
