import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { BusTimeout, decode, encode, subjectMatches } from './bus';
import { createLocalBus } from './local';

describe('bus encoding', () => {
  it('keeps what engine answers carry: bigint ids, Date timestamps, Decimals, nested', () => {
    const value = {
      id: 12345678901234567890n,
      createdAt: new Date(1_700_000_000_123),
      price: new Decimal('318.25'),
      list: [{ userId: 7n, qty: '1' }],
      nothing: null,
    };
    const back = decode(encode(value)) as typeof value;
    expect(back.id).toBe(12345678901234567890n);
    expect(back.createdAt).toBeInstanceOf(Date);
    expect(back.createdAt.getTime()).toBe(1_700_000_000_123);
    expect(back.price).toBeInstanceOf(Decimal);
    expect(back.price.toString()).toBe('318.25');
    expect(back.list[0]!.userId).toBe(7n);
    expect(back.nothing).toBeNull();
  });

  it('reads plain data back as it was written, tag-like text inside strings included', () => {
    const event = {
      type: 'ticker',
      symbol: 'BNC001',
      ticker: { last: '318.25', t: 1_700_000_000_123, note: '{"$big":"1"}', list: [1, 'a', null] },
    };
    expect(encode(event)).toBe(JSON.stringify(event));
    expect(decode(encode(event))).toEqual(event);
    // The tag inside a string is escaped text, never a tag: it stays the string it was.
    expect(decode(encode({ s: '{"$dec":"2"}' }))).toEqual({ s: '{"$dec":"2"}' });
  });

  it('tags what hides deep in plain data, and what a toJSON hands back', () => {
    const deep = { a: [{ b: { c: [new Decimal('0.1'), 3n] } }] };
    expect(encode(deep)).toBe('{"a":[{"b":{"c":[{"$dec":"0.1"},{"$big":"3"}]}}]}');
    const back = decode(encode(deep)) as { a: [{ b: { c: [Decimal, bigint] } }] };
    expect(back.a[0].b.c[0]).toBeInstanceOf(Decimal);
    expect(back.a[0].b.c[1]).toBe(3n);
    const custom = { toJSON: () => ({ id: 9n }) };
    expect(encode({ x: custom })).toBe('{"x":{"id":{"$big":"9"}}}');
  });

  it('leaves ordinary objects that merely have a tag-like key alone', () => {
    expect(decode(encode({ $big: 5, other: 1 }))).toEqual({ $big: 5, other: 1 });
    expect(decode(encode({ $date: 'not a number' }))).toEqual({ $date: 'not a number' });
  });
});

describe('subjects', () => {
  it('matches as NATS does: * one token, > the rest (at least one)', () => {
    expect(subjectMatches('seans.user.*', 'seans.user.42')).toBe(true);
    expect(subjectMatches('seans.user.*', 'seans.user.42.x')).toBe(false);
    expect(subjectMatches('seans.>', 'seans.user.42')).toBe(true);
    expect(subjectMatches('seans.>', 'seans')).toBe(false);
    expect(subjectMatches('seans.market', 'seans.market.snapshot')).toBe(false);
    expect(subjectMatches('seans.market', 'seans.market')).toBe(true);
  });
});

describe('the in-process bus', () => {
  it('delivers to matching subscribers, in order, until unsubscribed; one failing handler harms no other', () => {
    const bus = createLocalBus();
    const got: unknown[] = [];
    bus.subscribe('a.*', () => {
      throw new Error('consumer bug');
    });
    const off = bus.subscribe('a.*', (d) => got.push(d));
    bus.publish('a.1', { n: 1n });
    bus.publish('b.1', { n: 2n });
    bus.publish('a.2', { n: 3n });
    off();
    bus.publish('a.3', { n: 4n });
    expect(got).toEqual([{ n: 1n }, { n: 3n }]);
  });

  it('answers a request from one server; with none it says nothing was delivered', async () => {
    const bus = createLocalBus();
    await expect(bus.request('rpc', {}, 100)).rejects.toMatchObject({ name: 'BusTimeout', delivered: false });
    const off = bus.serve('rpc', async (d) => ({ echo: d }));
    expect(await bus.request('rpc', { x: 1n }, 100)).toEqual({ echo: { x: 1n } });
    off();
    await expect(bus.request('rpc', {}, 100)).rejects.toBeInstanceOf(BusTimeout);
  });
});
