import { assessIcp } from './assess-icp';
import { describeCompany } from './company-profile';
import { gradeForScore } from './icp-grade';
import { emptyProspectFacts } from './prospect-facts';
import { scoreIcpFit } from './score-icp-fit';
import { parseTargetIcp } from './target-profile';
import { clinicSoftFacts } from './test-facts';

const SAAS = 'CTOs and VPs of Engineering at software companies with 50-500 employees in the US';
const score = (target: string, facts = clinicSoftFacts()) => scoreIcpFit(parseTargetIcp(target), facts, describeCompany(facts));

describe('scoreIcpFit', () => {
  it('scores a contact that matches every dimension at 100 and explains each one', () => {
    const fit = score(SAAS);
    expect(fit.score).toBe(100);
    expect(fit.dimensions.map((dimension) => dimension.name)).toEqual(['role', 'industry', 'size', 'location']);
  });

  it('lowers the score for each dimension that does not match', () => {
    expect(score(SAAS, clinicSoftFacts({ countryCode: 'DE' })).score).toBe(89);
    expect(score(SAAS, clinicSoftFacts({ companySize: '5001 to 10000' })).score).toBe(84);
    expect(score(SAAS, clinicSoftFacts({ title: 'Account Executive', department: 'Sales', seniority: 'Senior' })).score).toBeLessThan(60);
    expect(score('Marketing leaders at logistics companies').score).toBeLessThan(40);
  });

  it('treats unknown facts as uncertain, neither a match nor a miss', () => {
    const unknown = score(SAAS, { ...emptyProspectFacts(), companyName: 'Mystery' });
    expect(unknown.score).toBeGreaterThan(25);
    expect(unknown.score).toBeLessThan(45);
    expect(unknown.dimensions.find((dimension) => dimension.name === 'size')?.note).toBe('headcount unknown');
  });

  it('scores 50 when the target names nothing it can check', () => {
    expect(score('Anyone at all').score).toBe(50);
  });

  it('counts a sector the website mentions as partial evidence', () => {
    const fit = score('Healthcare providers');
    expect(fit.dimensions[0]).toMatchObject({ name: 'industry', match: 0.6 });
  });
});

describe('assessIcp', () => {
  it('fills every string of the answer and keeps the analysis consistent with the grade', () => {
    const answer = assessIcp(SAAS, clinicSoftFacts());
    expect(answer).toEqual({
      score: 100,
      company_type: 'software company',
      their_solution: 'Scheduling software for independent clinics',
      buyer_personas: 'clinicians and practice managers',
      analysis: expect.stringMatching(
        /^A \(high fit, 100\/100\) for ClinicSoft: role: title "VP of Engineering" is in engineering, as asked/,
      ),
      company_type_plural: 'software companies',
      industry_descriptor: 'software',
    });
    const weak = assessIcp(SAAS, { ...emptyProspectFacts(), email: 'x@y.test' });
    expect(weak.analysis.startsWith(`${gradeForScore(weak.score)} (`)).toBe(true);
    expect(weak.their_solution).toBe('business products and services');
  });
});
