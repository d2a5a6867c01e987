import { Browser, BrowserContext, Page, selectors } from 'playwright-core';
import { launchChromium } from '../../e2e/support/browser';

/** The node picker's two doors on an empty canvas: the first step (triggers) and the "+" button (every node). */
export type NodePickerOpener = 'canvas-add-button' | 'node-creator-plus-button';

/** n8n's editor in a real headless Chromium, signed in as the owner whose session cookie is given. */
export class N8nEditor {
  private constructor(
    private readonly browser: Browser,
    private readonly context: BrowserContext,
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  static async open(baseUrl: string, sessionCookie: string): Promise<N8nEditor> {
    // n8n marks its elements for tests with data-test-id.
    selectors.setTestIdAttribute('data-test-id');
    // Each launch gets a new empty profile of its own.
    const browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const [name, value] = sessionCookie.split('=', 2);
    await context.addCookies([{ name, value, url: baseUrl }]);
    return new N8nEditor(browser, context, await context.newPage(), baseUrl);
  }

  async goto(pathname: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}${pathname}`, { waitUntil: 'load' });
  }

  /** Types a search into the node picker of a new workflow, as a user would, and reads the node names it lists. */
  async searchNodePicker(opener: NodePickerOpener, term: string): Promise<string[]> {
    await this.goto('/workflow/new');
    await this.page.getByTestId(opener).click();
    const search = this.page.getByTestId('node-creator-search-bar');
    await search.fill(term);
    // Until the search has run, the picker still lists its start page; wait for a result with the term, or "no results".
    const names = this.page.getByTestId('node-creator-item-name');
    const settled = names.filter({ hasText: new RegExp(term, 'i') }).or(this.page.getByTestId('node-creator-no-results'));
    await settled
      .first()
      .waitFor({ timeout: 20_000 })
      .catch(() => undefined);
    return await names.allInnerTexts();
  }

  async close(): Promise<void> {
    await this.context.close();
    await this.browser.close();
  }
}
