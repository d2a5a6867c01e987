import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';

/** Debian's Chromium; playwright-core never downloads a browser of its own. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep Chromium from reaching for Google's services, which this machine's closed network refuses. */
export const QUIET_CHROMIUM = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Screenshots are written here, outside the repository, never committed. */
export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR ?? path.join(os.tmpdir(), 'lead-engine-screenshots');

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: QUIET_CHROMIUM });
}

/**
 * A new context (its own cookies and storage) and a page in it; pages opened with browser.newPage()
 * break @axe-core/playwright. Close the context at the end of the test.
 */
export async function openPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  return { context, page: await context.newPage() };
}

/** A new context whose requests to the engine at engineUrl carry this session: a signed-in tab. */
export async function openSignedInPage(
  browser: Browser,
  engineUrl: string,
  sessionToken: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openPage(browser, viewport);
  await opened.context.addCookies([{ name: 'le_session', value: sessionToken, url: engineUrl }]);
  return opened;
}

/** The page's title: its one level-1 heading. */
export const pageHeading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/**
 * Waits until no finite CSS animation or transition is running: axe measures colours as drawn, and a
 * dialog or button caught mid-fade is drawn pale (a loader spinning forever is not waited for).
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** axe-core on the page once it is still: no violation of serious or critical impact (WCAG 2.x A and AA rules). */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  await animationsSettled(page);
  // Only violations are read: axe then keeps one node of each other result instead of every one, which saves time on a long page.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  expect(serious).toEqual([]);
}

/**
 * Writes `<name>-1280.png` and `<name>-390.png` (full page) to SCREENSHOT_DIR; the page's viewport is restored.
 * `atEachWidth` runs once the layout settled at each width (to scroll what the picture is about into view).
 */
export async function screenshot(page: Page, name: string, atEachWidth?: (page: Page) => Promise<void>): Promise<string[]> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const viewport = page.viewportSize();
  const written: string[] = [];
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    // Let the layout settle at the new width (Mantine switches the frame at its breakpoint).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await atEachWidth?.(page);
    const file = path.join(SCREENSHOT_DIR, `${name}-${size.width}.png`);
    // Transitions (the frame's navigation slides at narrow widths) are shown at their end, not halfway.
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    written.push(file);
  }
  if (viewport) await page.setViewportSize(viewport);
  return written;
}
