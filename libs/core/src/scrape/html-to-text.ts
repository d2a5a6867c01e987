import { Parser } from 'htmlparser2';
import { storableText, withoutControls } from '../text/storable-text';

export interface SiteText {
  title: string;
  description: string;
  /** Title, description and visible text, whitespace collapsed, at most `maxChars` long. */
  text: string;
  /** Why the page was given up before its end, when it was: it went past what a page may cost to read. */
  overBudget: string | null;
}

/** Browsers stop nesting there too; htmlparser2's own stack costs O(depth) per tag, so depth is what bounds a page's cost. */
export const MAX_PAGE_DEPTH = 512;

/** What reading means inside an element. */
interface Scope {
  /** Anything inside is looked at (false inside scripts, templates, hidden elements...). */
  read: boolean;
  /** Its text is visible body text (false in <head>). */
  visible: boolean;
  /** A block element: its text is set apart from its neighbours'. */
  block: boolean;
  /** The document's first <title>, whose text is being collected. */
  title: boolean;
}

const NOT_READ = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object', 'embed', 'canvas', 'select']);
const INLINE = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'font', 'i', 'ins', 'kbd', 'label',
  'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr',
]); // prettier-ignore
const WHITESPACE = /\s+/g;
const SKIPPED: Scope = { read: false, visible: false, block: false, title: false };

const collapse = (text: string) => text.replace(WHITESPACE, ' ').trim();

/**
 * The readable text of an HTML page: its title, meta description and the text a visitor sees, with
 * scripts, styles, templates and hidden elements left out and whitespace collapsed. htmlparser2's
 * streaming parser hands over tags and text in document order; no tree is built and nothing
 * recurses, so a page costs what its bytes cost. Reading stops once there is more text than may be
 * kept, or when the page nests deeper than MAX_PAGE_DEPTH (then `overBudget` says so).
 */
export function htmlToText(html: string, maxChars: number): SiteText {
  const enough = maxChars + 64;
  const scopes: Scope[] = [{ read: true, visible: true, block: false, title: false }];
  const parts: string[] = [];
  let length = 0;
  let title: string | null = null;
  let titleText = '';
  let description: string | null = null;
  let ogDescription: string | null = null;
  let stopped = false;
  let overBudget: string | null = null;

  const stop = (reason: string | null) => {
    stopped = true;
    overBudget = reason;
    parser.pause();
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (stopped) return;
        if (scopes.length > MAX_PAGE_DEPTH) return stop(`nested deeper than ${MAX_PAGE_DEPTH} elements`);
        const parent = scopes[scopes.length - 1];
        scopes.push(scopeOf(name, attribs, parent, title === null));
        if (!parent.read) return;
        if (name === 'meta' && attribs.content !== undefined) {
          if (attribs.name?.toLowerCase() === 'description') description ??= attribs.content;
          else if (attribs.property?.toLowerCase() === 'og:description') ogDescription ??= attribs.content;
        }
        if (scopes[scopes.length - 1].block) parts.push(' ');
      },
      onclosetag() {
        if (stopped) return;
        const scope = scopes.pop();
        if (scope?.title) title ??= titleText;
        if (scope?.block) parts.push(' ');
      },
      ontext(data) {
        if (stopped) return;
        const scope = scopes[scopes.length - 1];
        if (scope.title) {
          if (titleText.length < enough) titleText += data;
        } else if (scope.visible) {
          const text = withoutControls(data).replace(WHITESPACE, ' ');
          parts.push(text);
          length += text.length;
          if (length >= enough) stop(null);
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  if (!stopped) parser.end();

  const pageTitle = storableText(collapse(withoutControls(title ?? '')));
  const pageDescription = storableText(collapse(withoutControls(description ?? ogDescription ?? '')));
  const body = collapse(parts.join(''));
  const text = [pageTitle, pageDescription === pageTitle ? '' : pageDescription, body].filter(Boolean).join('\n');
  return { title: pageTitle, description: pageDescription, text: storableText(cap(text, maxChars)), overBudget };
}

function scopeOf(name: string, attribs: Record<string, string>, parent: Scope, firstTitle: boolean): Scope {
  if (!parent.read) return SKIPPED;
  if (name === 'title') return { read: true, visible: false, block: false, title: firstTitle };
  if (name === 'head') return { read: true, visible: false, block: false, title: false };
  if (NOT_READ.has(name) || isHidden(attribs)) return SKIPPED;
  return { read: true, visible: parent.visible, block: parent.visible && !INLINE.has(name), title: false };
}

function isHidden(attribs: Record<string, string>): boolean {
  return 'hidden' in attribs || attribs['aria-hidden'] === 'true' || /display\s*:\s*none/i.test(attribs.style ?? '');
}

/** Cuts at a word boundary near the limit, never inside a surrogate pair. */
function cap(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let cut = text.lastIndexOf(' ', maxChars);
  if (cut < maxChars * 0.9) cut = maxChars;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return text.slice(0, cut).trimEnd();
}
