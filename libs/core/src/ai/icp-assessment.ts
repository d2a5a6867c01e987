/** An AI provider's answer to "how well does this contact fit the target ICP", before grade and fit are derived. */
export interface IcpAssessment {
  score: number;
  company_type: string;
  their_solution: string;
  buyer_personas: string;
  analysis: string;
  company_type_plural: string;
  industry_descriptor: string;
}
