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

/**
 * Whether the submit can be pressed: a form that re-reads its figures after an edit (a quote, a
 * preview) may hold it a moment, so it is given a while unless a message already says why not.
 */
async function ready(submit: Locator, messages: readonly Locator[]): Promise<boolean> {
  for (let waited = 0; waited < 3_000; waited += 100) {
    if (await submit.isEnabled()) return true;
    for (const message of messages) if (await message.isVisible()) return false;
    await submit.page().waitForTimeout(100);
  }
  return false;
}

/** Presses the form's submit (when it is enabled) and looks at what came of it. */
async function send(page: Page, field: NumberFieldCase, lang: OracleLocale): Promise<Seen> {
  const { outcome } = field;
  const messages = [`${field.testId}-error`, ...(field.refusals ?? [])].map((id) => page.getByTestId(id));
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
  const submit = page.getByTestId(field.submit);
  if (await ready(submit, messages)) {
    await submit.click({ timeout: 5_000 });
    await field.afterSubmit?.(page);
  }
  const first = sheet ?? messages[0];
  const any = messages.reduce<Locator>((all, one) => all.or(one), first as Locator);
  await Promise.race([
    any
      .first()
      .waitFor({ state: 'visible', timeout: 6_000 })
      .catch(() => undefined),
    requested,
  ]);
  if (pattern) await page.unroute(pattern, stop);
  const open = sheet !== null && (await sheet.isVisible());
  let shown: string | null = sentValue;
  if (open && outcome.kind === 'sheet') {
    shown = (await outcome.read(page, lang)).trim();
    sent = `the sheet shows ${JSON.stringify(shown)}`;
  }
  const texts: string[] = [];
  for (const message of messages)
    if (await message.isVisible()) texts.push((await message.innerText()).trim());
  return {
    sent,
    shown,
    messages: texts,
    close: async () => {
      if (!open || !sheet || outcome.kind !== 'sheet') return;
      await page.getByTestId(`${outcome.sheet}-cancel`).click();
      await sheet.waitFor({ state: 'hidden' });
    },
  };
}
