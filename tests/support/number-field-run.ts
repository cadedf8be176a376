import type { Page } from 'playwright-core';
import { screenshot } from './browser';
import {
  judge,
  readingMessages,
  type Judged,
  type NumberFieldCase,
  type Typed,
} from './number-field-harness';
import { rng } from './random';
import { typedString } from './typed-number-gen';
import type { OracleLocale } from './typed-number-oracle';

/** The rule's own examples, each typed into some field (a few per field, all of them over a file). */
export const RULE_EXAMPLES: Record<OracleLocale, readonly string[]> = {
  'tr-TR': ['1,5', '1.000,50', '1.000', '-5', '1e20', '1,2,3', '12.5', '1 000', '\u22125', '2E-5'],
  'en-US': ['1,000.50', '1.000,50', '1,5', '0.1.2', 'abc', '1,250', '+5', '12'],
};

/**
 * Random strings per field and locale: few, so the 24 fields in two locales stay within the
 * browser suite's time; every run draws new ones (its SEED printed), so runs add up to coverage.
 */
export const PER_FIELD = 2;
const EXAMPLES_PER_FIELD = 2;

/** A stable number for a name, so SEED replays a field's strings whatever ran before it. */
function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/** The strings for one field in one locale: a few rule examples (rotating by field) and random ones. */
export function stringsFor(field: NumberFieldCase, lang: OracleLocale, seed: number, index: number): Typed[] {
  const random = rng((seed ^ hash(`${field.name}|${lang}`)) >>> 0 || 1);
  const examples = RULE_EXAMPLES[lang];
  const picked = Array.from(
    { length: EXAMPLES_PER_FIELD },
    (_, i) => examples[(index * EXAMPLES_PER_FIELD + i) % examples.length] ?? '',
  );
  const randoms = Array.from({ length: PER_FIELD }, () =>
    typedString(random, lang, field.spec, field.likely(lang)),
  );
  // Every other string key by key, as a phone keyboard sends it; the rest pasted (fill).
  return [...picked, ...randoms].map((text, i) => ({ text, keys: i % 2 === 1 }));
}

/** What a field's strings came to, for the run's log: how many reached the sheet, how many a message. */
export type FieldRun = { failures: string[]; sent: number; messages: number; typed: number };

/**
 * Types every string into the field and judges each. First a value the form takes must reach its
 * sheet (or request): proof that the harness itself can see a success.
 */
export async function runField(
  page: Page,
  field: NumberFieldCase,
  lang: OracleLocale,
  seed: number,
  index: number,
): Promise<FieldRun> {
  await field.open(page, lang);
  const reading = readingMessages(lang);
  const run: FieldRun = { failures: [], sent: 0, messages: 0, typed: 0 };
  const good = field.likely(lang)[0] ?? '1';
  const text = lang === 'tr-TR' ? good.replace('.', ',') : good;
  const first = await judge(page, field, lang, { text, keys: false }, reading);
  run.failures.push(...first.failures);
  if (first.came !== 'sent')
    run.failures.push(`${field.name} ${lang}: the harness's ${text} did not reach the sheet`);
  for (const typed of stringsFor(field, lang, seed, index)) {
    const judged = await judge(page, field, lang, typed, reading).catch((error: unknown): Judged => ({
      failures: [
        `${field.name} ${lang} ${JSON.stringify(typed.text)}: ${(error as Error).message.split('\n')[0]}`,
      ],
      came: 'none',
    }));
    run.failures.push(...judged.failures);
    run.typed += 1;
    if (judged.came === 'sent') run.sent += 1;
    if (judged.came === 'message') run.messages += 1;
  }
  return run;
}

/** One look at the field with a problem typed, for a person (test-results/screenshots). */
export async function shootProblem(page: Page, field: NumberFieldCase, lang: OracleLocale, name: string) {
  await field.before?.(page);
  const input = page.getByTestId(field.testId);
  await input.fill(lang === 'tr-TR' ? '1,2,3' : '1.000,50');
  await page
    .getByTestId(`${field.testId}-error`)
    .waitFor({ timeout: 3_000 })
    .catch(() => undefined);
  await screenshot(page, `${name}-${lang}`);
}
