import Decimal from 'decimal.js';
import type { Page, Route } from 'playwright-core';
import { tryValue } from './number-field-cases-stock';

/**
 * A ticket's own estimate read before the broker's preview answers, as on a slow line: the page's
 * calls to `pattern` wait until the test lets them go.
 */
export type HeldCalls = {
  /** Lets every call held so far answer. */
  release: () => Promise<void>;
};

export async function holdCalls(page: Page, pattern: string): Promise<HeldCalls> {
  const held: Route[] = [];
  await page.route(pattern, (route) => void held.push(route));
  return {
    release: async () => {
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

export type FigureLang = 'tr-TR' | 'en-US';

/** A canonical decimal as typed in `lang` (tr-TR's decimal comma). */
export const typedIn = (value: string, lang: FigureLang) =>
  lang === 'tr-TR' ? value.replace('.', ',') : value;

/** The figure `id` inside `scope`, as shown in `lang`, back to a Decimal. */
export async function shownFigure(page: Page, scope: string, id: string, lang: FigureLang): Promise<Decimal> {
  return new Decimal(tryValue(await page.getByTestId(scope).getByTestId(id).innerText(), lang));
}
