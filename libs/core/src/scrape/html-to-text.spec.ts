import { htmlToText, MAX_PAGE_DEPTH } from './html-to-text';

describe('htmlToText', () => {
  it('reads title, meta description and visible text, leaving out what a visitor does not see', () => {
    const html = `<!doctype html><html><head>
      <title> Acme &amp; Co — Rockets </title>
      <meta name="Description" content="We   build rockets.">
      <style>body { color: red }</style>
      <script>window.secret = "do not read";</script>
      </head><body>
      <nav><a href="/">Home</a> <a href="/about">About</a></nav>
      <h1>Reach  orbit</h1><p>Our <b>re</b>usable rockets fly\n\n weekly.</p>
      <noscript>Enable JavaScript</noscript>
      <template><p>Template text</p></template>
      <div hidden>Hidden text</div><div aria-hidden="true">Aria hidden</div><div style="display: none">Styled away</div>
      <svg><text>Vector text</text></svg>
      <ul><li>Fast</li><li>Cheap</li></ul>
      <script type="application/ld+json">{"@type":"Organization"}</script>
      </body></html>`;
    expect(htmlToText(html, 10_000)).toEqual({
      title: 'Acme & Co — Rockets',
      description: 'We build rockets.',
      text: 'Acme & Co — Rockets\nWe build rockets.\nHome About Reach orbit Our reusable rockets fly weekly. Fast Cheap',
      overBudget: null,
    });
  });

  it('falls back to og:description and skips a description equal to the title', () => {
    expect(htmlToText('<title>Beta</title><meta property="og:description" content="Beta"><p>Body</p>', 100).text).toBe('Beta\nBody');
    expect(htmlToText('<meta property="og:description" content="From OG"><p>Body</p>', 100).description).toBe('From OG');
  });

  it('reads a fragment without html or body elements', () => {
    expect(htmlToText('Just <i>some</i> text', 100).text).toBe('Just some text');
  });

  it('is empty for a page with nothing visible', () => {
    expect(htmlToText('<html><head><script>app()</script></head><body><div id="root"></div></body></html>', 100)).toEqual({
      title: '',
      description: '',
      text: '',
      overBudget: null,
    });
  });

  it('caps the length at a word boundary and never splits a surrogate pair', () => {
    const words = Array.from({ length: 100 }, (_, n) => `word${n}`).join(' ');
    const capped = htmlToText(`<p>${words}</p>`, 50).text;
    expect(capped.length).toBeLessThanOrEqual(50);
    expect(words.startsWith(capped)).toBe(true);
    expect(capped.endsWith(' ')).toBe(false);
    expect(htmlToText(`<p>${'😀'.repeat(10)}</p>`, 5).text).toBe('😀😀');
  });

  it('reads a page whose head is never closed', () => {
    expect(htmlToText('<html><head><title>Open</title><body><p>Body text</p>', 100).text).toBe('Open\nBody text');
  });

  it('walks nesting of any depth without recursion and gives up past the depth budget', () => {
    const nested = (levels: number, inner: string) => '<div>'.repeat(levels) + inner + '</div>'.repeat(levels);
    expect(htmlToText(`<title>Deep</title>${nested(MAX_PAGE_DEPTH - 10, 'Still read')}`, 100)).toMatchObject({
      text: 'Deep\nStill read',
      overBudget: null,
    });
    for (const levels of [5_000, 200_000]) {
      expect(htmlToText(`<p>Before</p>${nested(levels, 'Inside')}`, 100)).toEqual({
        title: '',
        description: '',
        text: 'Before',
        overBudget: `nested deeper than ${MAX_PAGE_DEPTH} elements`,
      });
    }
  });

  it('drops NUL and other control characters from text, title and description', () => {
    const page = htmlToText('<title>A\u0000B</title><meta name="description" content="C\u0001D"><p>E\u0000F\u0000</p>', 100);
    expect(page).toMatchObject({ title: 'AB', description: 'CD', text: 'AB\nCD\nEF' });
    expect(htmlToText('\u0000'.repeat(10_000), 100).text).toBe('');
  });

  it('stops reading once it has enough text, however long the rest of the page', () => {
    const page = htmlToText(`<p>${'word '.repeat(100)}</p>${'<b>more</b>'.repeat(100_000)}`, 50);
    expect(page.text.length).toBeLessThanOrEqual(50);
    expect(page.overBudget).toBeNull();
  });
});
