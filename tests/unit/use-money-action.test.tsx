// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import '../../src/i18n/setup';
import { ApiError } from '../../src/api/request';
import { useMoneyAction, type MoneyOutcome } from '../../src/components/form/use-money-action';
import { useZodForm } from '../../src/components/form/use-zod-form';
import { forgetHeldIntents } from '../../src/state/request-intent';
import { setLanguage } from '../../src/state/prefs';

/** A send the test answers by hand, so a second tap can land while the first is out. */
function pending<T>() {
  let settle: { resolve: (value: T) => void; reject: (error: unknown) => void } | null = null;
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  return {
    promise,
    resolve: (value: T) => settle?.resolve(value),
    reject: (e: unknown) => settle?.reject(e),
  };
}

const refusal = (key: string) => new ApiError('business', `refused: ${key}`, { key });

beforeEach(() => {
  setLanguage('en-US');
  forgetHeldIntents();
});
afterEach(() => forgetHeldIntents());

describe('useMoneyAction: the one way a form moves money', () => {
  it('sends once for two taps, busy while the first is out, and the second is told it was ignored', async () => {
    const { result } = renderHook(() => useMoneyAction());
    const answer = pending<string>();
    let sends = 0;
    const send = () => {
      sends += 1;
      return answer.promise;
    };
    let first: Promise<MoneyOutcome<string>> | undefined;
    let second: Promise<MoneyOutcome<string>> | undefined;
    act(() => {
      first = result.current.run(send);
      second = result.current.run(send);
    });
    expect(sends).toBe(1);
    expect(result.current.busy).toBe(true);
    expect(await second).toEqual({ status: 'ignored' });
    await act(async () => {
      answer.resolve('ok');
      expect(await first).toEqual({ status: 'done', result: 'ok' });
    });
    expect(result.current.busy).toBe(false);
  });

  it('keeps the requestId for a retry after a lost answer, and makes a new one after the answer', async () => {
    const { result } = renderHook(() => useMoneyAction('test-transfer'));
    const ids: string[] = [];
    const values = { amount: '10' };
    const lost = async (id: string) => {
      ids.push(id);
      throw new ApiError('network', 'offline');
    };
    const ok = async (id: string) => {
      ids.push(id);
      return id;
    };
    await act(async () => void (await result.current.run(lost, values)));
    expect(result.current.error).toBe('offline');
    await act(async () => void (await result.current.run(ok, values)));
    await act(async () => void (await result.current.run(ok, values)));
    expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('uses the id maker it is given (an order ticket makes client order ids)', async () => {
    let made = 0;
    const { result } = renderHook(() =>
      useMoneyAction({ form: 'test-order', newId: () => `coid-${++made}` }),
    );
    let outcome: MoneyOutcome<string> | undefined;
    await act(async () => {
      outcome = await result.current.run(async (id) => id, { qty: '1' });
    });
    expect(outcome).toEqual({ status: 'done', result: 'coid-1' });
  });

  it('asks for the password sheet when the broker wants a password the profile did not say it needs', async () => {
    const { result } = renderHook(() => useMoneyAction({ form: 'test-sheet', passwordSheet: true }));
    const { result: plain } = renderHook(() => useMoneyAction('test-plain'));
    const refuse = () => Promise.reject(refusal('TRADE_PASSWORD_REQUIRED'));
    await act(async () => void (await result.current.run(refuse)));
    await act(async () => void (await plain.current.run(refuse)));
    expect(result.current.askPassword).toBe(true);
    expect(result.current.error).toBe('refused: TRADE_PASSWORD_REQUIRED');
    expect(plain.current.askPassword).toBe(false);
    await act(
      async () => void (await result.current.run(() => Promise.reject(refusal('INSUFFICIENT_BALANCE')))),
    );
    expect(result.current.askPassword).toBe(true);
  });

  it('leaves an ended session to the app: no error on the form', async () => {
    const { result } = renderHook(() => useMoneyAction());
    let outcome: MoneyOutcome<never> | undefined;
    await act(async () => {
      outcome = await result.current.run(() => Promise.reject(new ApiError('session', 'signed out')));
    });
    expect(outcome).toEqual({ status: 'ignored' });
    expect(result.current.error).toBe('');
  });
});

describe('useZodForm shares the one-at-a-time core', () => {
  it('runs its action once for two submits, and checks nothing for the second', async () => {
    const { result } = renderHook(() => useZodForm({ initial: { name: 'x' } }));
    const answer = pending<void>();
    let runs = 0;
    const submit = result.current.handleSubmit(z.object({ name: z.string() }), () => {
      runs += 1;
      return answer.promise;
    });
    let first: Promise<void> | undefined;
    act(() => {
      first = submit();
      void submit();
    });
    expect(runs).toBe(1);
    expect(result.current.busy).toBe(true);
    await act(async () => {
      answer.resolve();
      await first;
    });
    expect(result.current.busy).toBe(false);
  });
});
