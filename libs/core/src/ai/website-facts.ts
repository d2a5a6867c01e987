const MAX_SENTENCE = 220;
const MIN_SENTENCE = 20;

const OFFERING_CUE =
  /\b(?:we|our|helps?|provides?|platform|software|services?|solutions?|builds?|makes?|offers?|delivers?|speciali[sz]e|designs?|manufactures?|products?|tools?)\b/i;
const ACHIEVEMENT_CUE =
  /\b(?:launch(?:ed|es)?|announc(?:ed|es)|raised|secured|won|award(?:ed)?|named|recogni[sz]ed|expand(?:ed|s)|opened|acquired|acquisition|partnered|partnership|released|introduc(?:ed|es)|celebrat(?:ed|es|ing)|milestone|surpass(?:ed|es)|series [a-d]|certified|ranked|record)\b/i;
const NOISE =
  /\b(?:cookies?|javascript|log ?in|sign ?in|sign ?up|privacy|copyright|all rights reserved|terms of (?:use|service)|subscribe|newsletter|menu|skip to)\b|©/i;
const CUSTOMER_PHRASE =
  /\b(?:for|helps?|helping|serv(?:es|ing)|trusted by|used by|works? with|working with|partners? with|built for|designed for)\s+([A-Za-z][A-Za-z0-9&'’ -]{2,80}?)(?=\s+(?:to|who|that|with|in|across|by|so|and get|through)\b|[.,;:!?(]|$)/;
const WEAK_CUSTOMERS = /^(?:you|your|the|a|an|it|this|that|over|more|all|every|free|less|years?|decades?|everyone|anyone|good|sale)\b/i;

/** Readable sentences of a website text, in order, without navigation and legal noise. */
export function websiteSentences(text: string | null | undefined): string[] {
  if (!text) return [];
  return (
    text
      // Headings run into the paragraph after them ("Acme We build rockets"): a capital We or Our starts a sentence.
      .split(/\n+|(?<=[.!?])\s+(?=[A-Z0-9"“©(])|(?<=[\p{L}\p{N}])\s+(?=(?:We|Our)\s)/u)
      .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
      .filter((sentence) => sentence.length >= MIN_SENTENCE && sentence.length <= MAX_SENTENCE && !NOISE.test(sentence))
      .filter((sentence) => sentence.split(' ').length >= 4)
  );
}

/** The first sentence that says what the company offers. */
export function offeringSentence(sentences: readonly string[]): string | null {
  return sentences.find((sentence) => OFFERING_CUE.test(sentence)) ?? sentences[0] ?? null;
}

/** The first sentence in which the company says, in its own voice, what it offers ("We build …"). */
export function ownVoiceOffering(sentences: readonly string[]): string | null {
  return sentences.find((sentence) => /^(?:we|our)\b/i.test(sentence) && OFFERING_CUE.test(sentence)) ?? null;
}

/** The first sentence that reports something the company did: a launch, a round, an award. */
export function achievementSentence(sentences: readonly string[]): string | null {
  return sentences.find((sentence) => ACHIEVEMENT_CUE.test(sentence)) ?? null;
}

/** Whom the company says it serves ("software for independent clinics" → "independent clinics"). */
export function customersPhrase(sentences: readonly string[]): string | null {
  for (const sentence of sentences) {
    const match = CUSTOMER_PHRASE.exec(sentence);
    const phrase = match?.[1].trim().replace(/\s+(?:and|or|of|the|a)$/i, '');
    if (phrase && phrase.split(' ').length <= 8 && !WEAK_CUSTOMERS.test(phrase)) return phrase;
  }
  return null;
}

/** A sentence closed with a full stop. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * A company's own first-person sentence turned to address it ("We build rockets" → "you build rockets"),
 * or null when the sentence is not in the first person.
 */
export function addressedToReader(sentence: string): string | null {
  if (!/^(?:we|our)\b/i.test(sentence)) return null;
  return sentence
    .replace(/\bwe['’]re\b/gi, "you're")
    .replace(/\bwe['’]ve\b/gi, "you've")
    .replace(/\bwe\b/gi, 'you')
    .replace(/\bours\b/gi, 'yours')
    .replace(/\bour\b/gi, 'your')
    .replace(/\bus\b/g, 'you')
    .replace(/^You/, 'you')
    .replace(/^Your/, 'your')
    .replace(/[.!?]+$/, '');
}

/** A company's own sentence told about it: "In 2025 we launched X, our …" → "In 2025 Acme launched X, its …". */
export function toldAbout(sentence: string, name: string): string {
  let named = false;
  const subject = () => {
    if (named) return 'it';
    named = true;
    return name;
  };
  const verbs: Record<string, string> = { "'ve": 'has', ' have': 'has', "'re": 'is', ' are': 'is', ' were': 'was' };
  return sentence
    .replace(/\bwe(['’]ve| have|['’]re| are| were)?\b/gi, (_match, verb?: string) => {
      const who = subject();
      return verb ? `${who} ${verbs[verb.replace('’', "'").toLowerCase()]}` : who;
    })
    .replace(/\bour\b/gi, 'its')
    .replace(/\bus\b/g, 'it');
}

/** At most `max` characters, cut at a word boundary. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,;:–-]+$/, '')}…`;
}
