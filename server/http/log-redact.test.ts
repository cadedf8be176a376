import { describe, expect, it } from 'vitest';
import { redactText, redactValue, serializeError } from './log-redact';

describe('log redaction', () => {
  it('masks secret-named pairs in URLs, forms, JSON and dumps', () => {
    expect(redactText('/ipxtrg-api/user/vip/buy?plan=paid&tradePassword=123456&price=499')).toBe(
      '/ipxtrg-api/user/vip/buy?plan=paid&tradePassword=***&price=499',
    );
    expect(redactText('password=hunter22&withdrawPassword=654321')).toBe('password=***&withdrawPassword=***');
    expect(redactText('{"tradePassword":"123456","amount":"5"}')).toBe(
      '{"tradePassword":"***","amount":"5"}',
    );
    expect(redactText('{"pin": 123456}')).toBe('{"pin": "***"}');
    expect(redactText("{ loginPassword: 'abc def', note: 'x' }")).toBe("{ loginPassword: '***', note: 'x' }");
    // A long value costs linear time (a 60 KB query must not stall a log line).
    const long = `/x?note=${'a'.repeat(60_000)}&pin=1234`;
    const started = performance.now();
    expect(redactText(long).endsWith('&pin=***')).toBe(true);
    expect(performance.now() - started).toBeLessThan(200);
    // Nothing else is touched.
    expect(redactText('/user/loan/order/list?page=1&size=20')).toBe('/user/loan/order/list?page=1&size=20');
  });

  it('masks secret-named keys at any depth, leaving the caller’s object alone', () => {
    const logged = { body: { tradePassword: '123456', amount: '10' }, list: [{ pin: '1' }] };
    expect(redactValue(logged)).toEqual({
      body: { tradePassword: '***', amount: '10' },
      list: [{ pin: '***' }],
    });
    expect(logged.body.tradePassword).toBe('123456');
  });

  it('masks an error’s message, stack and fields', () => {
    const error = Object.assign(new Error('failed with tradePassword=123456'), {
      input: { tradePassword: '1' },
    });
    const out = serializeError(error);
    expect(out.message).toBe('failed with tradePassword=***');
    expect(out.stack).not.toContain('123456');
    expect(out.input).toEqual({ tradePassword: '***' });
  });
});
