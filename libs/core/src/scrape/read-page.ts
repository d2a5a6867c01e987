import { decodeHtml, isHtml } from './decode-html';
import { detectBotWall } from './detect-bot-wall';
import { htmlToText } from './html-to-text';

export interface PageBody {
  body: Uint8Array;
  contentType: string | null;
  /** Cloudflare's `cf-mitigated` response header. */
  cfMitigated: string | null;
  maxChars: number;
}

export interface PageReading {
  html: boolean;
  title: string;
  /** Readable text, storable as it is (see storableText). */
  text: string;
  botWall: boolean;
  /** Why the page was given up before its end, when it went past what a page may cost to read. */
  overBudget: string | null;
}

/** Everything a site's final page says: whether it is HTML, its readable text, and whether it is a bot wall. */
export function readPage({ body, contentType, cfMitigated, maxChars }: PageBody): PageReading {
  const html = isHtml(contentType, body.length > 0 ? body : new Uint8Array());
  let page = { title: '', text: '', overBudget: null as string | null };
  let source = '';
  if (html && body.length > 0) {
    source = decodeHtml(body, contentType);
    page = htmlToText(source, maxChars);
  }
  const botWall = detectBotWall({ cfMitigated, html: source, title: page.title, text: page.text });
  return { html, title: page.title, text: page.text, botWall, overBudget: page.overBudget };
}
