// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  dropKeptAnswers,
  keepAnswer,
  keptAnswer,
  KEPT_FOR_MS,
} from '../../src/components/content/kept-answers';
import { ownerOf } from '../../src/components/content/account-owner';
import { useLiveData } from '../../src/components/content/use-live-data';
import { session } from '../../src/state/session';

/** A loader whose reads the test answers one by one. */
function loader() {
  const pending: { resolve: (value: string) => void; reject: (error: unknown) => void }[] = [];
  const load = () => new Promise<string>((resolve, reject) => pending.push({ resolve, reject }));
  return { load, pending };
}

/** A clock the test moves by hand. */
function clock(start = 1_000_000) {
  let at = start;
  return { now: () => at, pass: (ms: number) => (at += ms) };
}

/** One visit of a screen reading `key` with its answer kept: mounted, answered, left. */
async function visit(key: string, answer: string, now: () => number) {
  const { load, pending } = loader();
  const hook = renderHook(() => useLiveData(key, load, true, { keep: true, now }));
  await waitFor(() => expect(pending).toHaveLength(1));
  await act(async () => pending[0]!.resolve(answer));
  expect(hook.result.current.data).toBe(answer);
  // Kept once the kept answers' module has loaded (with the first answer to keep).
  await waitFor(() => expect(keptAnswer(key, ownerOf(session), now())).toEqual({ data: answer }));
  hook.unmount();
}

beforeEach(() => {
  dropKeptAnswers();
  session.userAccountType = 'real';
  session.userToken = 'token-real';
});
afterEach(() => {
  cleanup();
  session.userToken = '';
});

describe('kept answers: a screen opened again shows its last answer in its first render', () => {
  it('renders the kept answer at once, then reads again behind it and keeps the new one', async () => {
    const time = clock();
    await visit('home-hot', 'THYAO 300', time.now);
    time.pass(5_000);
    const { load, pending } = loader();
    const renders: string[] = [];
    const again = renderHook(() => {
      const data = useLiveData('home-hot', load, true, { keep: true, now: time.now });
      renders.push(`${data.status} ${data.data ?? ''}`);
      return data;
    });
    // Every render, the first one included: content, never the skeleton.
    expect(renders[0]).toBe('ready THYAO 300');
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(again.result.current.data).toBe('THYAO 300');
    await act(async () => pending[0]!.resolve('THYAO 310'));
    expect(again.result.current.data).toBe('THYAO 310');
    expect(renders.filter((render) => !render.startsWith('ready'))).toEqual([]);
    await waitFor(() =>
      expect(keptAnswer('home-hot', ownerOf(session), time.now())).toEqual({ data: 'THYAO 310' }),
    );
  });

  it('keeps showing the kept answer when the read behind it fails', async () => {
    const time = clock();
    await visit('home-indices', 'XU100 9.000', time.now);
    const { load, pending } = loader();
    const again = renderHook(() => useLiveData('home-indices', load, true, { keep: true, now: time.now }));
    await waitFor(() => expect(pending).toHaveLength(1));
    await act(async () => pending[0]!.reject(new Error('offline')));
    expect(again.result.current).toMatchObject({ status: 'ready', data: 'XU100 9.000' });
  });

  it('keeps nothing for a read that does not ask to keep', async () => {
    const { load, pending } = loader();
    const first = renderHook(() => useLiveData('orders', load));
    await waitFor(() => expect(pending).toHaveLength(1));
    await act(async () => pending[0]!.resolve('3 orders'));
    first.unmount();
    const again = renderHook(() => useLiveData('orders', load, true, { keep: true }));
    expect(again.result.current.status).toBe('loading');
  });
});

describe('kept answers: when they are dropped', () => {
  it('shows an answer up to KEPT_FOR_MS old, and the skeleton past it', async () => {
    const time = clock();
    await visit('home-coins', 'BTC 60.000', time.now);
    time.pass(KEPT_FOR_MS);
    const { load } = loader();
    const atLimit = renderHook(() => useLiveData('home-coins', load, true, { keep: true, now: time.now }));
    expect(atLimit.result.current.data).toBe('BTC 60.000');
    atLimit.unmount();
    time.pass(1);
    const past = renderHook(() => useLiveData('home-coins', load, true, { keep: true, now: time.now }));
    expect(past.result.current.status).toBe('loading');
  });

  it('drops every answer at sign-out', async () => {
    const time = clock();
    await visit('portfolio-assets', '₺100.000', time.now);
    session.userToken = '';
    session.userToken = 'token-real';
    // The same token again after a sign-out finds nothing either: the answers went with the session.
    expect(keptAnswer('portfolio-assets', ownerOf(session), time.now())).toBeNull();
  });

  it('never shows one account’s answer to the other (real ↔ demo)', async () => {
    const time = clock();
    await visit('portfolio-assets', '₺100.000', time.now);
    session.userAccountType = 'demo';
    session.userToken = 'token-demo';
    const { load, pending } = loader();
    const demo = renderHook(() => useLiveData('portfolio-assets', load, true, { keep: true, now: time.now }));
    expect(demo.result.current.status).toBe('loading');
    await waitFor(() => expect(pending).toHaveLength(1));
    await act(async () => pending[0]!.resolve('₺1.000.000 demo'));
    demo.unmount();
    session.userAccountType = 'real';
    session.userToken = 'token-real';
    const real = renderHook(() => useLiveData('portfolio-assets', load, true, { keep: true, now: time.now }));
    expect(real.result.current.status).toBe('loading');
  });

  it('does not keep an answer that arrives after its account was left', () => {
    const owner = ownerOf(session);
    session.userToken = 'token-other';
    keepAnswer('portfolio-assets', owner, '₺100.000', 0);
    session.userToken = 'token-real';
    expect(keptAnswer('portfolio-assets', owner, 0)).toBeNull();
  });
});
