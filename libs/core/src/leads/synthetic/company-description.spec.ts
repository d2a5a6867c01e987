import { describeCompany } from './company-description';
import { SYNTHETIC_INDUSTRIES } from './industry-taxonomy';
import { US_CITIES } from './locations';
import { Prng } from './prng';

describe('describeCompany', () => {
  const random = new Prng(2);
  const descriptions = SYNTHETIC_INDUSTRIES.flatMap((industry) =>
    Array.from({ length: 5 }, () => describeCompany(random, { name: 'Acme Labs', industry, location: US_CITIES[16], founded: 2001 })),
  );
  const sentenceCount = (text: string) => text.split(/(?<=\.) (?=[A-Z])/).length;

  it('writes one to three sentences', () => {
    const counts = new Set(descriptions.map(sentenceCount));
    expect([...counts].sort()).toEqual([1, 2, 3]);
    for (const text of descriptions) expect(text).toMatch(/^[A-Z].*\.$/);
  });

  it('uses words people search for', () => {
    const all = descriptions.join(' ');
    for (const word of ['SaaS', 'cloud', 'AI', 'cybersecurity', 'B2B', 'healthcare', 'logistics', 'ecommerce']) {
      expect([word, all.includes(word)]).toEqual([word, true]);
    }
  });
});
