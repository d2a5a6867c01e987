import { CompanyProfile, describeCompany } from './company-profile';
import type { IcpAssessment } from './icp-assessment';
import { fitForGrade, gradeForScore } from './icp-grade';
import type { ProspectFacts } from './prospect-facts';
import { scoreIcpFit } from './score-icp-fit';
import { parseTargetIcp } from './target-profile';
import { clip } from './website-facts';

/** The local provider's ICP answer: a score from the facts, explained dimension by dimension. */
export function assessIcp(targetIcp: string, facts: ProspectFacts, company: CompanyProfile = describeCompany(facts)): IcpAssessment {
  const fit = scoreIcpFit(parseTargetIcp(targetIcp), facts, company);
  const grade = gradeForScore(fit.score);
  const subject = facts.companyName ?? facts.domain ?? 'The company';
  const reasons =
    fit.dimensions.length > 0
      ? fit.dimensions.map((dimension) => `${dimension.name}: ${dimension.note}`).join('; ')
      : 'the target names no role, industry, size, location or keyword that can be checked';
  return {
    score: fit.score,
    company_type: company.companyType,
    their_solution: company.solution ? clip(company.solution, 200) : `${company.industryDescriptor} products and services`,
    buyer_personas: company.buyerPersonas,
    analysis: `${grade} (${fitForGrade(grade)} fit, ${fit.score}/100) for ${subject}: ${reasons}.`,
    company_type_plural: company.companyTypePlural,
    industry_descriptor: company.industryDescriptor,
  };
}
