import type { MaskedLead, RevealedLead } from '@lead-engine/contracts';
import { maskLead } from '@lead-engine/core';
import type { LeadRow } from './leads.repository';

export function toRevealedLead(row: LeadRow): RevealedLead {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    emailStatus: row.email_status,
    phone: row.phone,
    linkedinUrl: row.linkedin_url,
    companyName: row.company_name,
    companyDomain: row.company_domain,
    jobTitle: row.job_title,
    seniority: row.seniority,
    department: row.department,
    country: row.country,
    countryCode: row.country_code,
    state: row.state,
    city: row.city,
    companySize: row.size_bucket,
    companyRevenue: row.revenue_band,
    companyFounded: row.founded,
    companyLinkedin: row.company_linkedin,
    industryName: row.industry || null,
    categoryName: row.category,
    enrichmentStatus: row.enrichment_status,
    confidenceScore: Number(row.confidence_score),
  };
}

/** What browse shows of a lead not paid for: the lead as revealed, masked (maskLead). */
export function toMaskedLead(row: LeadRow): MaskedLead {
  return maskLead(toRevealedLead(row));
}
