import { ICP_GRADE_THRESHOLDS, icpScoreRequestSchema, icpScoreResponseSchema } from './icp.schemas';

describe('icp score', () => {
  it('needs an email, or first name, last name and domain', () => {
    expect(icpScoreRequestSchema.safeParse({ target_icp: 'CTOs at SaaS companies', email: 'a@b.com' }).success).toBe(true);
    expect(icpScoreRequestSchema.safeParse({ target_icp: 'x', first_name: 'A', last_name: 'B', domain: 'b.com' }).success).toBe(true);
    const partial = icpScoreRequestSchema.safeParse({ target_icp: 'x', first_name: 'A', domain: 'b.com' });
    expect(partial.success).toBe(false);
    expect(partial.error!.issues[0].path).toEqual(['email']);
    expect(icpScoreRequestSchema.safeParse({ target_icp: 'x' }).success).toBe(false);
  });

  it('bounds target_icp to 1..500 characters and refuses unknown keys', () => {
    expect(icpScoreRequestSchema.safeParse({ target_icp: '', email: 'a@b.com' }).success).toBe(false);
    expect(icpScoreRequestSchema.safeParse({ target_icp: 'x'.repeat(500), email: 'a@b.com' }).success).toBe(true);
    expect(icpScoreRequestSchema.safeParse({ target_icp: 'x'.repeat(501), email: 'a@b.com' }).success).toBe(false);
    expect(icpScoreRequestSchema.safeParse({ target_icp: 'x', email: 'a@b.com', phone: '1' }).success).toBe(false);
  });

  it('parses a graded answer', () => {
    const answer = {
      grade: 'B',
      score: 72,
      fit: 'medium',
      company_type: 'SaaS vendor',
      their_solution: null,
      buyer_personas: 'CTOs, VPs of Engineering',
      analysis: 'Right industry, smaller than the target',
      cost_credits: 1,
      company_type_plural: 'SaaS vendors',
      industry_descriptor: 'software',
    };
    expect(icpScoreResponseSchema.parse(answer)).toEqual(answer);
    expect(icpScoreResponseSchema.safeParse({ ...answer, score: 101 }).success).toBe(false);
    expect(ICP_GRADE_THRESHOLDS).toEqual({ A: 80, B: 60, C: 40 });
  });
});
