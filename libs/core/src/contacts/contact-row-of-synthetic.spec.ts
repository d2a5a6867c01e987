import { createContactGenerator } from '../leads/synthetic/contact-generator';
import { contactRowOfSynthetic } from './contact-row-of-synthetic';

describe('contactRowOfSynthetic', () => {
  it('keeps the generated values and derives revenue band and company type like an import', () => {
    const generator = createContactGenerator(7);
    for (let n = 0; n < 200; n++) {
      const contact = generator.next();
      const row = contactRowOfSynthetic(contact);
      expect(row).toMatchObject({
        id: contact.id,
        email: contact.email,
        companyDomain: contact.companyDomain,
        companySize: contact.companySize,
      });
      expect(row.revenueBand).not.toBeNull();
      if (contact.industry === 'Higher Education') expect(row.companyType).toBe('education');
    }
  });
});
