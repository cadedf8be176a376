import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page, Route } from 'playwright-core';
import { screenshot } from './browser';
import { ROOT } from './process';
import { oracleRead, type FieldSpec, type OracleLocale, type OracleReading } from './typed-number-oracle';

/**
 * How one number field is reached and judged: the screen it is on, what sends its form, and where
 * the value it read shows afterwards — a confirm sheet's row, or (for a form that sends at once)
 * the request it makes, stopped before it reaches the broker.
 */
export type NumberFieldCase = {
  name: string;
  testId: string;
  spec: FieldSpec;
  /** Canonical values the form can take (a price inside the band): the generator writes some. */
  likely: (lang: OracleLocale) => readonly string[];
  /** Opens the screen (signed in, in `lang`) with the field ready to type into. */
  open: (page: Page, lang: OracleLocale) => Promise<void>;
  /** Before each string: what must be in place again (a sheet the field lives in, reopened). */
  before?: (page: Page) => Promise<void>;
  submit: string;
  /** A step between the submit and its sheet that is not about the number (a risk disclosure). */
  afterSubmit?: (page: Page) => Promise<void>;
  /** Other messages that refuse the form (a band, a balance, a tick), by test id. */
  refusals?: readonly string[];
  outcome: SheetOutcome | RequestOutcome;
};

/** The form opens a confirm sheet showing the value read, formatted as the sheet formats it. */
export type SheetOutcome = {
  kind: 'sheet';
  sheet: string;
  /** The figure the sheet shows for the value (its row's text, or a sum of rows). */
  read: (page: Page, lang: OracleLocale) => Promise<string>;
  /** That figure for a canonical value, formatted as the sheet formats it. */
  expected: (value: string, lang: OracleLocale) => string;
  /** The figure stands inside a sentence ("when the price rises to 330,00"), not alone. */
  within?: boolean;
};

/** The form sends at once: the request's `field` must carry the canonical value. */
export type RequestOutcome = { kind: 'request'; path: string; field: string };

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Errors = Record<string, string>;
const errorsOf = (lang: OracleLocale): Errors =>
  JSON.parse(readFileSync(path.join(ROOT, 'locales', lang, 'errors.json'), 'utf8')) as Errors;

const PARSE_KEY =
  /^(AMOUNT|NUMBER|TYPED|INPUT)_(NOT_A_NUMBER|ONE_SEPARATOR|SEPARATOR|AMBIGUOUS|NOT_WHOLE|PRECISION|SIGN|EXPONENT|TOO_MANY_DECIMALS|FORMAT)/;

/**
 * The messages that say a text could not be read as a number (not a limit the value breaks): a
 * field that shows one of these for a text the rule reads is misreading it.
 */
export function readingMessages(lang: OracleLocale): RegExp[] {
  return Object.entries(errorsOf(lang))
    .filter(([key]) => PARSE_KEY.test(key))
    .map(([, text]) => {
      const parts = text.split(/\{\{[^}]+\}\}/).map(escaped);
      return new RegExp(`^${parts.join('.+?')}$`, 's');
    });
}

export type Typed = { text: string; keys: boolean };

/** What a string came to: sent on (a sheet or a request), a message, or nothing to send. */
export type Came = 'sent' | 'message' | 'none';

/** One string's failures, and what it came to (a run counts them, and its first must be 'sent'). */
export type Judged = { failures: string[]; came: Came };

/**
 * One string typed and judged: the failures in words (none when the field behaved). A field that
 * rewrote the text is still judged on what it then read, so one run says all that is wrong.
 */
export async function judge(
  page: Page,
  field: NumberFieldCase,
  lang: OracleLocale,
  typed: Typed,
  reading: RegExp[],
): Promise<Judged> {
  const { text, keys } = typed;
  const say = (what: string) =>
    `${field.name} ${lang} ${keys ? 'keys' : 'fill'} ${JSON.stringify(text)}: ${what}`;
  await field.before?.(page);
  const input = page.getByTestId(field.testId);
  await input.fill('');
  if (keys) await input.pressSequentially(text);
  else await input.fill(text);
  const failures: string[] = [];
  const shownText = await input.inputValue();
  if (shownText !== text) failures.push(say(`the field shows ${JSON.stringify(shownText)}`));
  const expected = oracleRead(text, lang, field.spec);
  if (expected.kind === 'unsure' || (expected.kind === 'value' && expected.value === null))
    return { failures, came: 'none' };
  const seen = await send(page, field, lang);
  try {
    const verdict = outcomeFailure(field, lang, expected, seen, reading);
    if (verdict) {
      failures.push(say(verdict));
      // What the screen showed instead, for the person reading the failure.
      await screenshot(page, `number-typing-failed-${field.testId}-${lang}`);
    }
  } finally {
    await seen.close();
  }
  return { failures, came: seen.sent !== null ? 'sent' : seen.messages.length > 0 ? 'message' : 'none' };
}

/** What is wrong with what a submit came to, given the rule's reading; null when nothing is. */
function outcomeFailure(
  field: NumberFieldCase,
  lang: OracleLocale,
  expected: Exclude<OracleReading, { kind: 'unsure' }>,
  seen: Seen,
  reading: RegExp[],
): string | null {
  if (expected.kind === 'refuse') {
    if (seen.sent !== null) return `refused (${expected.problem}) by the rule, yet ${seen.sent}`;
    if (seen.messages.length === 0) return `refused (${expected.problem}) by the rule, no message`;
    // The words must name what is wrong with the text, not a limit a misreading of it broke.
    const named = seen.messages.some((message) => reading.some((pattern) => pattern.test(message)));
    return named
      ? null
      : `refused (${expected.problem}) by the rule, but the message is "${seen.messages[0]}"`;
  }
  const value = expected.value ?? '';
  if (seen.sent !== null) {
    const { outcome } = field;
    // A no-break space keeps a figure beside its unit; on screen it is a space like any other.
    const shown = (seen.shown ?? '').replaceAll('\u00a0', ' ');
    const figure = (outcome.kind === 'sheet' ? outcome.expected(value, lang) : value).replaceAll(
      '\u00a0',
      ' ',
    );
    const want = `${outcome.kind === 'sheet' ? 'the sheet shows' : 'sent'} ${JSON.stringify(figure)}`;
    const same =
      outcome.kind === 'sheet' && outcome.within
        ? new RegExp(`(?<![\\d.,])${escaped(figure)}(?!\\d|[.,]\\d)`).test(shown)
        : shown === figure;
    return same ? null : `reads ${value}: wanted ${want}, but ${seen.sent}`;
  }
  const misread = seen.messages.find((message) => reading.some((pattern) => pattern.test(message)));
  if (misread !== undefined) return `reads ${value}, but the field says "${misread}"`;
  return seen.messages.length > 0 ? null : `reads ${value}: no sheet and no message`;
}

/** What came of a submit: the value that went on (in words), and the messages on screen. */
type Seen = { sent: string | null; shown: string | null; messages: string[]; close: () => Promise<void> };

const STOPPED = { code: -1001, key: 'TEST_STOPPED', msg: 'stopped by the test', data: null };

/** What the page showed since a watch began: the sheet, and each message's words as it stood. */
type Watched = { sheet: boolean; messages: string[] };
const WATCH = '__numberFieldOutcome';
type Handle = { seen: Watched; stop: () => void };

/**
 * Watches the page, from now until `stop`, for the sheet and the messages, keeping each message's
 * words as it showed. A form can say no for a moment only: a stop whose trigger is the last price
 * is refused while a trade reaches it and taken a tick later (THYAO's ticks crossed the trigger
 * five times in 15 s, each refusal on screen for 100–300 ms), so the button the harness found
 * enabled may be disabled by the click, and a message seen while waiting was gone a few calls
 * later, read then as "no sheet and no message". A MutationObserver sees every change, however brief.
 */
async function watch(page: Page, sheet: string | null, messages: readonly string[]) {
  await page.evaluate(
    ({ key, sheetId, messageIds }) => {
      const shown = (id: string) =>
        [...document.querySelectorAll<HTMLElement>(`[data-testid="${CSS.escape(id)}"]`)].filter((node) =>
          node.checkVisibility({ visibilityProperty: true }),
        );
      const seen = { sheet: false, messages: [] as string[] };
      const look = () => {
        if (sheetId !== null && shown(sheetId).length > 0) seen.sheet = true;
        for (const id of messageIds)
          for (const node of shown(id)) {
            const text = node.innerText.trim();
            if (text !== '' && !seen.messages.includes(text)) seen.messages.push(text);
          }
      };
      const observer = new MutationObserver(look);
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
      look();
      (window as unknown as Record<string, Handle | undefined>)[key]?.stop();
      Object.assign(window, { [key]: { seen, stop: () => observer.disconnect() } });
    },
    { key: WATCH, sheetId: sheet, messageIds: messages },
  );
  const read = () => page.evaluate((key) => (window as unknown as Record<string, Handle>)[key]?.seen, WATCH);
  return {
    read: async (): Promise<Watched> => (await read()) ?? { sheet: false, messages: [] },
    /** Resolves once the sheet or a message has shown, or after `timeout` ms. */
    until: (timeout: number) =>
      page
        .waitForFunction(
          (key) => {
            const seen = (window as unknown as Record<string, Handle>)[key]?.seen;
            return !seen || seen.sheet || seen.messages.length > 0;
          },
          WATCH,
          { timeout },
        )
        .then(
          () => undefined,
          () => undefined,
        ),
    stop: () =>
      page
        .evaluate((key) => (window as unknown as Record<string, Handle>)[key]?.stop(), WATCH)
        .catch(() => undefined),
  };
}

/**
 * Whether the submit can be pressed: a form that re-reads its figures after an edit (a quote, a
 * preview) may hold it a moment, so it is given a while unless a message has said why not.
 */
async function ready(submit: Locator, said: () => Promise<Watched>): Promise<boolean> {
  for (let waited = 0; waited < 3_000; waited += 100) {
    if (await submit.isEnabled()) return true;
    if ((await said()).messages.length > 0) return false;
    await submit.page().waitForTimeout(100);
  }
  return false;
}

/** Presses the form's submit (when it is enabled) and looks at what came of it. */
async function send(page: Page, field: NumberFieldCase, lang: OracleLocale): Promise<Seen> {
  const { outcome } = field;
  const messageIds = [`${field.testId}-error`, ...(field.refusals ?? [])];
  const sheet = outcome.kind === 'sheet' ? page.getByTestId(outcome.sheet) : null;
  let sent: string | null = null;
  let sentValue: string | null = null;
  let caught = () => {};
  const requested = new Promise<void>((resolve) => (caught = resolve));
  // A form that sends at once: its request is answered here, so nothing reaches the broker.
  const pattern = outcome.kind === 'request' ? `**/ipxtrg-api${outcome.path}` : null;
  const stop = async (route: Route) => {
    const body = new URLSearchParams(route.request().postData() ?? '');
    if (outcome.kind === 'request') {
      sentValue = body.get(outcome.field);
      sent = `sent ${JSON.stringify(sentValue)}`;
    }
    caught();
    await route.fulfill({ json: STOPPED });
  };
  if (pattern) await page.route(pattern, stop);
  // From before the press: what the form says while the harness decides whether it can press.
  const watched = await watch(page, outcome.kind === 'sheet' ? outcome.sheet : null, messageIds);
  const submit = page.getByTestId(field.submit);
  if (await ready(submit, watched.read)) {
    await submit.click({ timeout: 5_000 });
    await field.afterSubmit?.(page);
  }
  await Promise.race([watched.until(6_000), requested]);
  if (pattern) await page.unroute(pattern, stop);
  const said = await watched.read();
  await watched.stop();
  const open = sheet !== null && (await sheet.isVisible());
  let shown: string | null = sentValue;
  if (open && outcome.kind === 'sheet') {
    shown = (await outcome.read(page, lang)).trim();
    sent = `the sheet shows ${JSON.stringify(shown)}`;
  }
  return {
    sent,
    shown,
    messages: said.messages,
    close: async () => {
      if (!open || !sheet || outcome.kind !== 'sheet') return;
      await page.getByTestId(`${outcome.sheet}-cancel`).click();
      await sheet.waitFor({ state: 'hidden' });
    },
  };
}
