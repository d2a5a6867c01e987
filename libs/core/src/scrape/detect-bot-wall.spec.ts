import { detectBotWall } from './detect-bot-wall';

const page = (overrides: Partial<Parameters<typeof detectBotWall>[0]>) => ({
  cfMitigated: null,
  html: '',
  title: '',
  text: '',
  ...overrides,
});

describe('detectBotWall', () => {
  it.each([
    ['a Cloudflare challenge header', page({ cfMitigated: 'challenge', text: 'x'.repeat(5000) })],
    ['a "Just a moment..." interstitial', page({ title: 'Just a moment...', text: 'Enable JavaScript and cookies to continue' })],
    ['Cloudflare challenge markup', page({ html: '<script src="/cdn-cgi/challenge-platform/h/b/orchestrate"></script>', text: '' })],
    ['an Incapsula incident page', page({ text: 'Request unsuccessful. Incapsula incident ID: 123' })],
    ['a PerimeterX block', page({ html: '<div id="px-captcha"></div>', title: 'Access to this page has been denied' })],
    ['a DataDome captcha', page({ html: '<script src="https://ct.captcha-delivery.com/c.js"></script>' })],
    ['a captcha title', page({ title: 'Robot Check', text: 'Type the characters you see' })],
  ])('recognizes %s', (_name, signals) => {
    expect(detectBotWall(signals)).toBe(true);
  });

  it('does not mistake a real page with a captcha on its contact form for a wall', () => {
    const text = `Acme builds rockets. ${'We ship every week. '.repeat(120)}`;
    expect(detectBotWall(page({ title: 'Acme', text, html: '<div class="g-recaptcha"></div>' }))).toBe(false);
    expect(detectBotWall(page({ title: 'Acme — rockets', text: 'Acme builds rockets.' }))).toBe(false);
  });
});
