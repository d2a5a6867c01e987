import type { Page } from 'playwright-core';
import { ConsoleOperationId, consolePath } from './console-paths';

export interface StartJobModalOf {
  /** The dialog's name, as its opening button says it. */
  title: string;
  /** The test id of its price. */
  price: string;
  quote: ConsoleOperationId;
  start: ConsoleOperationId;
}

/** The Jobs page's one start-job modal (input → price → confirm), the same for scrapes and enrichments but for its texts and routes. */
export function startJobModal(of: StartJobModalOf) {
  const dialog = (page: Page) => page.getByRole('dialog', { name: of.title });
  const confirm = (page: Page) => dialog(page).getByRole('button', { name: 'Confirm' });
  const checkPrice = (page: Page) => dialog(page).getByRole('button', { name: 'Check price' });
  const price = (page: Page) => dialog(page).getByTestId(of.price);
  /** The price's table, once shown, a line a row as "what = credits". */
  const priceLines = async (page: Page) => {
    await price(page).waitFor();
    return price(page)
      .locator('tr')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (cell) => cell.textContent?.trim() ?? '').join(' = ')));
  };
  /** Check price, waiting for the engine's answer. */
  const quoted = async (page: Page) => {
    const [response] = await Promise.all([
      page.waitForResponse((answer) => new URL(answer.url()).pathname === consolePath(of.quote)),
      checkPrice(page).click(),
    ]);
    return response;
  };
  /** Confirm, and the id of the job the engine started. */
  const confirmStarts = async (page: Page) => {
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.request().method() === 'POST' && new URL(answer.url()).pathname === consolePath(of.start)),
      confirm(page).click(),
    ]);
    expect(response.status()).toBe(202);
    return ((await response.json()) as { id: string }).id;
  };
  return { dialog, confirm, checkPrice, price, priceLines, quoted, confirmStarts };
}
