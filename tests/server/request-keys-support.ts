import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';

type Answer = { code: number; msg: string; key?: string; data: unknown };

/** A fresh idempotency key, as the app makes one (src/state/request-intent.ts). */
export const newRequestId = (): string => randomUUID();

/**
 * The same request 20 times at once: every copy answers success with the same data (one of
 * them did the work, the others got its answer). Returns that data.
 */
export async function twentyAtOnce<T>(send: () => Promise<Answer>): Promise<T> {
  const answers = await Promise.all(Array.from({ length: 20 }, send));
  for (const a of answers) expect(a, JSON.stringify(a)).toMatchObject({ code: 0 });
  for (const a of answers) expect(a.data).toEqual(answers[0]?.data);
  return answers[0]?.data as T;
}

/** A replay after the first answered: the same data, and `moved()` shows nothing more moved. */
export async function replays(
  send: () => Promise<Answer>,
  data: unknown,
  moved: () => Promise<unknown>,
): Promise<void> {
  const before = await moved();
  const again = await send();
  expect(again, JSON.stringify(again)).toMatchObject({ code: 0 });
  expect(again.data).toEqual(data);
  expect(await moved()).toEqual(before);
}

export function refusedWith(answer: Answer, key: string): void {
  expect(answer.code, JSON.stringify(answer)).toBe(-1001);
  expect(answer.key).toBe(key);
  expect(answer.msg.length).toBeGreaterThan(0);
}
