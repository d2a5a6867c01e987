const ACRONYMS: Array<[RegExp, string]> = [
  [/\bchief executive officer\b/i, 'CEO'],
  [/\bchief technology officer\b/i, 'CTO'],
  [/\bchief financial officer\b/i, 'CFO'],
  [/\bchief operating officer\b/i, 'COO'],
  [/\bchief marketing officer\b/i, 'CMO'],
  [/\bchief information security officer\b/i, 'CISO'],
  [/\bchief information officer\b/i, 'CIO'],
  [/\bchief revenue officer\b/i, 'CRO'],
  [/\bchief product officer\b/i, 'CPO'],
  [/\bchief people officer\b|\bchief human resources officer\b/i, 'CHRO'],
  [/\b(?:senior |executive |associate )?vice[- ]president\b|\b[se]vp\b/i, 'VP'],
  [/\bhuman resources\b/i, 'HR'],
  [/\binformation technology\b/i, 'IT'],
];

// Qualifiers that say how senior or where, not what the job is.
const QUALIFIERS =
  /\b(?:senior|sr\.?|junior|jr\.?|principal|staff|global|regional|national|international|interim|acting|deputy|assistant|associate|group|corporate|north america|emea|apac|americas|us|i{1,3}|iv|[1-5])\b/gi;

/** A job title as a person would say it: "Senior Vice President, Global Sales Operations" → "VP Sales Operations". */
export function simplifyJobTitle(title: string | null | undefined): string | null {
  let text = (title ?? '').trim().replace(/\s+/g, ' ');
  if (!text) return null;
  if (/^chief of staff\b/i.test(text)) return 'Chief of Staff';
  // "CEO & Founder", "Owner / President": the first role is the one people use.
  text = text.split(/\s*(?:&|\/|\||,|\band\b)\s*(?=(?:co-?)?(?:founder|owner|president|ceo|cto|coo|cfo|chairman|partner)\b)/i)[0] || text;
  for (const [pattern, short] of ACRONYMS) text = text.replace(pattern, short);
  const parts = text.split(/\s*[,–—-]\s+|\s+of\s+|\s+for\s+/i);
  const role = parts[0].replace(QUALIFIERS, '').replace(/\s+/g, ' ').trim();
  const area = parts
    .slice(1)
    .join(' ')
    .replace(QUALIFIERS, '')
    .replace(/\b(?:and|the)\b/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return joinRoleAndArea(role, area) || text;
}

function joinRoleAndArea(role: string, area: string): string {
  if (!area) return role;
  if (/^VP$/i.test(role)) return `VP ${area}`;
  if (/^Head$/i.test(role)) return `Head of ${area}`;
  if (/^(?:Director|Manager)$/i.test(role)) return `${area} ${role}`;
  return role;
}
