import { htmlToText } from './html-to-text';

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
});
