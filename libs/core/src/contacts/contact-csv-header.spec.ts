import { DomainError } from '../errors/domain-error';
import { mapContactCsvHeader } from './contact-csv-header';

const REQUIRED = ['first_name', 'last_name', 'email', 'job_title', 'company_name', 'company_domain', 'country_code'];

describe('mapContactCsvHeader', () => {
  it('finds each column wherever it is, trimmed and in any case, and ignores columns it does not know', () => {
    const header = mapContactCsvHeader([' Email ', 'notes', ...REQUIRED.filter((name) => name !== 'email'), 'ID']);
    expect(header.width).toBe(9);
    expect(header.index.email).toBe(0);
    expect(header.index.first_name).toBe(2);
    expect(header.index.id).toBe(8);
    expect(header.index.phone).toBe(-1);
    expect(header.has('id')).toBe(true);
    expect(header.has('company_size')).toBe(false);
  });

  it('refuses a file without a required column, naming every missing one', () => {
    const refuse = () => mapContactCsvHeader(['first_name', 'last_name', 'job_title', 'company_name', 'company_domain']);
    expect(refuse).toThrow(DomainError);
    expect(refuse).toThrow(/missing required columns: email, country_code/);
    try {
      refuse();
    } catch (error) {
      expect((error as DomainError).code).toBe('INVALID_CSV');
    }
  });

  it('refuses a column named twice', () => {
    expect(() => mapContactCsvHeader([...REQUIRED, 'Email'])).toThrow(/names email more than once/);
  });
});
