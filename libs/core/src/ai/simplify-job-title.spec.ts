import { simplifyJobTitle } from './simplify-job-title';

describe('simplifyJobTitle', () => {
  it.each([
    ['Senior Vice President, Global Sales Operations', 'VP Sales Operations'],
    ['Director of Engineering', 'Engineering Director'],
    ['Head of Marketing, EMEA', 'Head of Marketing'],
    ['CEO & Founder', 'CEO'],
    ['Founder and CEO', 'Founder'],
    ['Chief Technology Officer', 'CTO'],
    ['Software Engineer II', 'Software Engineer'],
    ['Sales & Marketing Director', 'Sales & Marketing Director'],
    ['Chief of Staff to the CEO', 'Chief of Staff'],
    ['  Owner ', 'Owner'],
  ])('%s → %s', (title, simplified) => {
    expect(simplifyJobTitle(title)).toBe(simplified);
  });

  it('has nothing to simplify without a title', () => {
    expect(simplifyJobTitle('')).toBeNull();
    expect(simplifyJobTitle(null)).toBeNull();
  });
});
