import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPhone, type Phone } from './browser';
import type { CreatedUser } from './browser-session';
import type { NumberFieldCase } from './number-field-harness';
import { runField, shootProblem } from './number-field-run';
import { createTrader, type Broker } from './number-field-session';
import { seedFromEnv } from './random';
import type { OracleLocale } from './typed-number-oracle';

const LANGS: readonly OracleLocale[] = ['tr-TR', 'en-US'];

/**
 * One test per field: both locales, the rule's examples and seeded random strings, pasted and key
 * by key. A failure lists every string the field got wrong, with the SEED that replays the run.
 * `shots` names the fields photographed with a problem typed, for a person to look at.
 */
export function describeNumberFields(
  title: string,
  names: readonly string[],
  load: (broker: Broker, user: CreatedUser) => Promise<NumberFieldCase[]>,
  shots: readonly string[] = [],
): void {
  const broker: Broker = {
    base: inject('baseURL'),
    cli: { port: inject('port'), dataDir: inject('dataDir') },
  };
  const seed = seedFromEnv();
  let phone: Phone;
  let cases: NumberFieldCase[] = [];
  beforeAll(async () => {
    const user = await createTrader(broker);
    cases = await load(broker, user);
    phone = await openPhone();
  });
  afterAll(async () => {
    await phone?.close();
  });
  describe(`${title} (SEED=${seed})`, () => {
    it.each(names)(
      '%s',
      async (name) => {
        const index = names.indexOf(name);
        const field = cases.find((c) => c.name === name);
        if (!field) throw new Error(`no case ${name}`);
        const failures: string[] = [];
        for (const lang of LANGS) {
          const run = await runField(phone.page, field, lang, seed, index);
          failures.push(...run.failures);
          console.log(
            `${name} ${lang}: ${run.typed} typed, ${run.sent} reached the sheet, ${run.messages} refused`,
          );
          if (shots.includes(name))
            await shootProblem(phone.page, field, lang, `number-typing-${name.replace(/\W+/g, '-')}`);
        }
        expect(failures, `SEED=${seed}`).toEqual([]);
      },
      180_000,
    );
  });
}
