import { ENRICHMENT_FIELD_IDS } from '@lead-engine/contracts';
import { emptyProspectFacts } from './prospect-facts';
import { clinicSoftFacts } from './test-facts';
import { writeEnrichmentFields } from './write-enrichment-fields';

describe('writeEnrichmentFields', () => {
  const brief = {
    facts: clinicSoftFacts(),
    targetIcp: 'VPs of Engineering at software companies',
    sellerOffer: 'an AI assistant that books meetings',
  };

  it('writes every field from the facts, and only the fields asked for', () => {
    const values = writeEnrichmentFields(ENRICHMENT_FIELD_IDS, brief);
    expect(Object.keys(values)).toEqual([...ENRICHMENT_FIELD_IDS]);
    for (const value of Object.values(values)) expect(value).not.toMatch(/undefined|null|\[|\{/);
    expect(values).toMatchObject({
      opener: "I saw on ClinicSoft's website that you build scheduling software for independent clinics.",
      icp_grading: 'A',
      custom_simplified_job_title: 'VP Engineering',
      custom_who_they_work_with: 'Independent clinics',
      custom_recent_professional_achievement: 'In 2025 ClinicSoft launched ClinicPay, its payments product.',
      custom_ps_line: 'P.S. Congrats — I read that in 2025 ClinicSoft launched ClinicPay, its payments product.',
      custom_company_type: 'software company',
      custom_buyer_personas: 'clinicians and practice managers',
    });
    expect(values.subject_lines!.split(' | ')).toHaveLength(3);
    expect(values.full_email).toMatch(
      /^Subject: .+\n\nHi Ada,\n\n.+\n\nWe offer an AI assistant that books meetings\.\n\n.+\?\n\nBest regards$/,
    );
    expect(values.custom_personalized_opener).toMatch(
      /^As a VP Engineering at ClinicSoft, you're likely focused on shipping reliable software\./,
    );
    expect(writeEnrichmentFields(['opener', 'custom_ps_line'], brief)).toEqual({
      opener: values.opener,
      custom_ps_line: values.custom_ps_line,
    });
  });

  it('is deterministic', () => {
    expect(writeEnrichmentFields(ENRICHMENT_FIELD_IDS, brief)).toEqual(writeEnrichmentFields(ENRICHMENT_FIELD_IDS, brief));
  });

  it('leaves out what the facts cannot support: a grade without a target, a title nobody gave', () => {
    const values = writeEnrichmentFields(['icp_grading', 'custom_simplified_job_title', 'icp', 'opener'], {
      facts: { ...emptyProspectFacts(), domain: 'acme.test', websiteText: 'Acme Widgets\nWe make widgets for bakeries across Ohio.' },
      targetIcp: null,
      sellerOffer: null,
    });
    expect(values).toEqual({
      icp: 'Acme serves bakeries; its buyers are typically founders, operations leaders and department heads.',
      opener: "I saw on Acme's website that you make widgets for bakeries across Ohio.",
    });
  });
});
