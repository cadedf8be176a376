// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/request';
import {
  forgetHeldIntents,
  HELD_INTENT_MS,
  isFinalRefusal,
  RequestIntent,
} from '../../src/state/request-intent';
import { setAccountType, setSession } from '../../src/state/session';
import { resetClientState } from '../support/client-state';

/**
 * After "could not be reached" the user left the screen (or reloaded the page to see
 * whether the money moved), came back and confirmed the same values: the form had a new
 * requestId, so a withdrawal or an order that did reach the broker was made twice. An unanswered
 * intent now belongs to its form for HELD_INTENT_MS, in the device's localStorage.
 */
let clock = 1_000_000;
let made = 0;
const intent = (form = 'bank-withdrawal') =>
  new RequestIntent(
    form,
    () => `id${++made}`,
    () => clock,
  );
const signIn = (id: string) =>
  setSession({ userToken: `t${id}`, userTokenReal: `t${id}`, userTokenDemo: `d${id}`, user: { id } }, 'real');

beforeEach(() => {
  clock = 1_000_000;
  made = 0;
  signIn('7');
});
afterEach(() => resetClientState());

describe('a money intent', () => {
  it('keeps its id for the same values, takes a new one for others and after done()', () => {
    const form = intent();
    const first = form.idFor({ cardId: 'c1', amount: '100' });
    expect(form.idFor({ amount: '100', cardId: 'c1' })).toBe(first);
    const other = form.idFor({ cardId: 'c1', amount: '150' });
    expect(other).not.toBe(first);
    form.done();
    expect(form.idFor({ cardId: 'c1', amount: '150' })).not.toBe(other);
  });

  it('outlives its screen: a new instance of the form confirming the same values gets the same id', () => {
    const before = intent().idFor({ cardId: 'c1', amount: '100' });
    const after = intent();
    expect(after.idFor({ cardId: 'c1', amount: '100' })).toBe(before);
    // Another form with the same values is another intent.
    expect(intent('coin-withdrawal').idFor({ cardId: 'c1', amount: '100' })).not.toBe(before);
    // Answered on the new screen: ended for every instance.
    after.done();
    expect(intent().idFor({ cardId: 'c1', amount: '100' })).not.toBe(before);
  });

  it('keeps each unanswered set of values: 100 lost, 150 sent, then 100 again is the first intent', () => {
    const form = intent();
    const hundred = form.idFor({ amount: '100' });
    form.idFor({ amount: '150' });
    form.done();
    expect(form.idFor({ amount: '100' })).toBe(hundred);
  });

  it('survives a reload: the page reads what the last page held', () => {
    const id = intent().idFor({ amount: '100' });
    const stored = localStorage.getItem('seans.heldIntents');
    expect(stored).toContain(id);
    // A fresh page: storage as it was, nothing in memory to lean on.
    localStorage.clear();
    expect(intent().idFor({ amount: '100' })).not.toBe(id);
    localStorage.setItem('seans.heldIntents', stored ?? '');
    expect(intent().idFor({ amount: '100' })).toBe(id);
  });

  it('survives the app opened again in a new tab, whose session storage starts empty', () => {
    // Chromium (the sandbox broker): a transfer's answer lost, the tab closed and the app opened
    // again, the same transfer confirmed: a new id, and the USDT moved twice.
    const id = intent('wallet-transfer').idFor({ from: 'coin', to: 'contract', amount: '7' });
    sessionStorage.clear();
    expect(intent('wallet-transfer').idFor({ from: 'coin', to: 'contract', amount: '7' })).toBe(id);
  });

  it('ends after HELD_INTENT_MS without a confirmation, counted from the last one', () => {
    const form = intent();
    const id = form.idFor({ amount: '100' });
    clock += HELD_INTENT_MS - 1;
    expect(form.idFor({ amount: '100' })).toBe(id);
    clock += HELD_INTENT_MS;
    expect(form.idFor({ amount: '100' })).toBe(id);
    clock += HELD_INTENT_MS + 1;
    expect(form.idFor({ amount: '100' })).not.toBe(id);
  });

  it('is its owner’s: another user, or the demo account, confirming the same values is another intent', () => {
    const real = intent().idFor({ amount: '100' });
    setAccountType('demo');
    const demo = intent().idFor({ amount: '100' });
    expect(demo).not.toBe(real);
    setAccountType('real');
    expect(intent().idFor({ amount: '100' })).toBe(real);
    signIn('8');
    expect(intent().idFor({ amount: '100' })).not.toBe(real);
  });

  it('reads junk in storage as nothing held, and forgets on a fresh start', () => {
    localStorage.setItem('seans.heldIntents', '{"x": 1, "y": {"id": 5}');
    const id = intent().idFor({ amount: '100' });
    expect(id).toBe('id1');
    expect(intent().idFor({ amount: '100' })).toBe(id);
    forgetHeldIntents();
    expect(localStorage.getItem('seans.heldIntents')).toBeNull();
    expect(intent().idFor({ amount: '100' })).not.toBe(id);
  });
});

describe('which failures end an intent', () => {
  const refusal = (key: string) => new ApiError('business', key, { key });
  it('a refusal that is the answer does; a lost answer, an unknown outcome or a password typo does not', () => {
    for (const key of ['INSUFFICIENT_BALANCE', 'QUOTE_EXPIRED', 'REQUEST_ID_REUSED'])
      expect(isFinalRefusal(refusal(key)), key).toBe(true);
    // The money may have moved, or the retry of an order that was placed was refused before its
    // id was looked up: a new id would make it twice.
    for (const key of [
      'TRADING_UNCONFIRMED',
      'INTERNAL_ERROR',
      'REQUEST_IN_PROGRESS',
      'TRADE_PASSWORD_INCORRECT',
      'PIN_LOCKED',
    ])
      expect(isFinalRefusal(refusal(key)), key).toBe(false);
    expect(isFinalRefusal(new ApiError('network', 'unreachable'))).toBe(false);
    expect(isFinalRefusal(new ApiError('protocol', 'not an envelope'))).toBe(false);
    expect(isFinalRefusal(new Error('other'))).toBe(false);
  });
});
