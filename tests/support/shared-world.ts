import { afterAll, beforeAll } from 'vitest';

/**
 * The world a describe block's tests share: built before its first test, together with what its
 * tests use beside it (an API client, a funded user), and closed after its last. The fields are
 * there once beforeAll has run, so tests and hooks read them; the describe body itself cannot.
 */
export function sharedWorld<W extends { close(): Promise<unknown> }, E extends object = object>(
  build: () => Promise<W>,
  extra?: (world: W) => Promise<E> | E,
): { world: W } & E {
  const shared = {} as { world: W } & E;
  let built: W | undefined;
  beforeAll(async () => {
    built = await build();
    Object.assign(shared, { world: built }, extra ? await extra(built) : {});
  });
  afterAll(async () => built?.close());
  return shared;
}
