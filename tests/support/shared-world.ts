import { afterAll, beforeAll } from 'vitest';

/**
 * The world a describe block's tests share: built before its first test, together with what its
 * tests use beside it (an API client, a funded user, a book set), and closed after its last, once
 * `beforeClose` (a check of what the tests left, such as a clean ledger) has run. The fields are
 * there once beforeAll has run, so tests and hooks read them; the describe body itself cannot.
 */
export function sharedWorld<W extends { close(): Promise<unknown> }, E extends object = object>(
  build: () => Promise<W>,
  extra?: (world: W) => Promise<E | void> | E | void,
  beforeClose?: (world: W) => Promise<void>,
): { world: W } & E {
  const shared = {} as { world: W } & E;
  let built: W | undefined;
  beforeAll(async () => {
    built = await build();
    Object.assign(shared, { world: built }, await extra?.(built));
  });
  afterAll(async () => {
    if (!built) return;
    try {
      await beforeClose?.(built);
    } finally {
      await built.close();
    }
  });
  return shared;
}
