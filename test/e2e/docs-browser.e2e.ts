import { openPage } from './support/browser';
import { useHarness } from './support/harness';

describe('/docs in a real browser, under its Content-Security-Policy', () => {
  const harness = useHarness({ label: 'docs_browser', browser: true });

  it('renders every operation with nothing the policy refuses, and keeps nothing in localStorage', async () => {
    const { context, page } = await openPage(harness.browser);
    const refused: string[] = [];
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await page.exposeFunction('reportViolation', (directive: string) => refused.push(directive));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { reportViolation: (directive: string) => void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI}`,
        ),
      );
    });

    await page.goto(`${harness.url}/docs`);
    await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('.opblock').count()).toBeGreaterThan(10);
    await expect(page.locator('.info .title').textContent()).resolves.toContain('Lead Engine');
    expect(refused).toEqual([]);
    expect(failed).toEqual([]);
    expect(await page.evaluate(() => Object.keys(window.localStorage))).toEqual([]);
    await context.close();
  });
});
