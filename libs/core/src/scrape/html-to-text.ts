import { load } from 'cheerio';

export interface SiteText {
  title: string;
  description: string;
  /** Title, description and visible text, whitespace collapsed, at most `maxChars` long. */
  text: string;
}

interface DomNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
}

interface Reading {
  title: string | null;
  description: string | null;
  ogDescription: string | null;
  parts: string[];
  length: number;
  /** Visible text stops being collected past this many characters. */
  enough: number;
}

const NOT_READ = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object', 'embed', 'canvas', 'select']);
const INLINE = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'font', 'i', 'ins', 'kbd', 'label',
  'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr',
]); // prettier-ignore
const WHITESPACE = /\s+/g;

const collapse = (text: string) => text.replace(WHITESPACE, ' ').trim();

/**
 * The readable text of an HTML page: its title, meta description and the text a visitor sees, with
 * scripts, styles, templates and hidden elements left out and whitespace collapsed. cheerio parses
 * with htmlparser2 (several times faster than parse5 on large pages); one walk of the tree then
 * collects title, description and text, and stops once it has more text than it may keep.
 */
export function htmlToText(html: string, maxChars: number): SiteText {
  const root = load(html, { xml: { xmlMode: false, decodeEntities: true } }).root()[0] as unknown as DomNode;
  const reading: Reading = { title: null, description: null, ogDescription: null, parts: [], length: 0, enough: maxChars + 64 };
  walk(root, reading, true);
  const title = collapse(reading.title ?? '');
  const description = collapse(reading.description ?? reading.ogDescription ?? '');
  const body = collapse(reading.parts.join(''));
  const text = [title, description === title ? '' : description, body].filter(Boolean).join('\n');
  return { title, description, text: cap(text, maxChars) };
}

/** Depth first through the tree; true once enough text is collected. `visible` is false inside <head>. */
function walk(node: DomNode, reading: Reading, visible: boolean): boolean {
  for (const child of node.children ?? []) {
    if (child.type === 'text') {
      if (visible && child.data) {
        const text = child.data.replace(WHITESPACE, ' ');
        reading.parts.push(text);
        reading.length += text.length;
        if (reading.length >= reading.enough) return true;
      }
      continue;
    }
    if (child.type !== 'tag' || !child.name) continue;
    const name = child.name;
    if (name === 'title') reading.title ??= textOf(child);
    else if (name === 'meta') readMeta(child, reading);
    else if (name === 'head') walk(child, reading, false);
    else if (!NOT_READ.has(name) && !isHidden(child)) {
      const block = visible && !INLINE.has(name);
      if (block) reading.parts.push(' ');
      if (walk(child, reading, visible)) return true;
      if (block) reading.parts.push(' ');
    }
  }
  return false;
}

function readMeta(meta: DomNode, reading: Reading): void {
  const attribs = meta.attribs ?? {};
  const content = attribs.content;
  if (content === undefined) return;
  if (attribs.name?.toLowerCase() === 'description') reading.description ??= content;
  else if (attribs.property?.toLowerCase() === 'og:description') reading.ogDescription ??= content;
}

function textOf(node: DomNode): string {
  if (node.type === 'text') return node.data ?? '';
  return (node.children ?? []).map(textOf).join('');
}

function isHidden(element: DomNode): boolean {
  const attribs = element.attribs ?? {};
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
