import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/** The project's own ESLint config, as `npm test` runs it, on code written for each case. */
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });
const RULE = '@typescript-eslint/no-non-null-assertion';
const CODE = 'export function first(list: number[]): number {\n  return list[0]!;\n}\n';

async function flagged(filePath: string, code = CODE): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).length;
}

describe('invariants are stated, not asserted away (eslint.config.js)', { timeout: 240_000 }, () => {
  // The first lint loads the whole config and its plugins: far more than a test's time when busy.
  beforeAll(() => eslint.lintText('', { filePath: 'workers/warm.ts' }), 240_000);

  it('refuses a bare non-null assertion in the worker and the trading engines', async () => {
    expect(await flagged('workers/first.ts')).toBe(1);
    expect(await flagged('server/trading/spot/first.ts')).toBe(1);
  });

  it('takes ensure in their place, and leaves tests and other folders alone', async () => {
    const stated =
      "import { ensure } from '../domain/assert';\n" +
      "export function first(list: number[]): number {\n  return ensure(list[0], 'a first item');\n}\n";
    expect(await flagged('workers/first.ts', stated)).toBe(0);
    expect(await flagged('workers/first.test.ts')).toBe(0);
    expect(await flagged('src/first.ts')).toBe(0);
  });
});
