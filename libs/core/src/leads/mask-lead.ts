/** The stored lead fields a browse row is built from. */
export interface LeadForMasking {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  companyName: string;
  companyDomain: string | null;
  jobTitle: string;
  seniority: string | null;
  department: string | null;
  country: string | null;
  countryCode: string;
  state: string | null;
  city: string | null;
  companySize: string | null;
  linkedinUrl: string | null;
  industryName: string | null;
  categoryName: string | null;
}

/** The api-v1 "Masked lead": what browse may show before the lead is paid for. */
export interface MaskedLead {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  phone: string | null;
  companyName: string;
  companyDomain: null;
  jobTitle: string;
  seniority: string;
  department: string;
  country: string;
  countryCode: string;
  state: string;
  city: string;
  companySize: string;
  linkedinUrl: null;
  industryName: string;
  categoryName: string | null;
}

const HIDDEN_LOCAL_PART = '***';
const HIDDEN_DOMAIN = '*****';
const HIDDEN_PHONE = '***-**';

function firstCharacter(text: string): string {
  // A code point, not a UTF-16 unit, so a name starting outside the BMP is not cut in half.
  const first = text.codePointAt(0);
  return first === undefined ? '' : String.fromCodePoint(first);
}

/** `Smith` → `S.`; an empty last name stays empty. */
export function maskLastName(lastName: string | null | undefined): string {
  const initial = firstCharacter((lastName ?? '').trim());
  return initial === '' ? '' : `${initial}.`;
}

/** `john.smith@acme.com` → `j***@*****.com`: first character of the local part and the top-level domain survive. */
export function maskEmail(email: string | null | undefined): string {
  const trimmed = (email ?? '').trim();
  if (trimmed === '') return '';
  const at = trimmed.lastIndexOf('@');
  if (at < 0) return HIDDEN_LOCAL_PART;
  const local = firstCharacter(trimmed.slice(0, at)) + HIDDEN_LOCAL_PART;
  const domain = trimmed.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const tld = dot > 0 ? domain.slice(dot + 1) : '';
  return /^[\p{L}\p{N}-]+$/u.test(tld) ? `${local}@${HIDDEN_DOMAIN}.${tld}` : `${local}@${HIDDEN_DOMAIN}`;
}

/**
 * `+1 415 555 0100` → `***-**00`. The shape is fixed so it does not tell how many digits the number has;
 * a number with fewer than three digits shows none (`***-****`). A missing or blank phone is null.
 */
export function maskPhone(phone: string | null | undefined): string | null {
  if (phone == null || phone.trim() === '') return null;
  const digits = phone.replace(/\D/g, '');
  return digits.length < 3 ? `${HIDDEN_PHONE}**` : HIDDEN_PHONE + digits.slice(-2);
}

export function maskLead(lead: LeadForMasking): MaskedLead {
  const lastName = maskLastName(lead.lastName);
  return {
    id: lead.id,
    firstName: lead.firstName,
    lastName,
    fullName: [lead.firstName.trim(), lastName].filter((part) => part !== '').join(' '),
    email: maskEmail(lead.email),
    phone: maskPhone(lead.phone),
    companyName: lead.companyName,
    companyDomain: null,
    jobTitle: lead.jobTitle,
    seniority: lead.seniority ?? '',
    department: lead.department ?? '',
    country: lead.country ?? '',
    countryCode: lead.countryCode,
    state: lead.state ?? '',
    city: lead.city ?? '',
    companySize: lead.companySize ?? '',
    linkedinUrl: null,
    industryName: lead.industryName ?? '',
    categoryName: lead.categoryName,
  };
}
