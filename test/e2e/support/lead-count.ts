import type { Page } from 'playwright-core';

/** The Leads page's count shows this total (as the page writes it, 1,234) and is not counting again. */
export const countIs = (page: Page, total: number) =>
  page.waitForFunction(
    (expected) =>
      document.querySelector('[data-testid="estimated-total"]')?.textContent === expected &&
      document.querySelector('[data-testid="lead-count"]')?.getAttribute('aria-busy') === 'false',
    total.toLocaleString('en-US'),
  );
