import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageListSchema } from '../../domain/protocol/content';
import { tellDecision } from '../../server/funding/notify';
import { day, tellUser } from '../../server/primary/ipo/notify';
import { tellIcoUser } from '../../server/primary/ico/notify';
import { dbTargets, postForm, startServer, type TestServer } from '../support/server';
import { userWithSession } from '../support/session';

const NBSP = '\u00a0';

/**
 * Amounts in the message centre read as on every other screen (DECISIONS §3): composed per
 * language at sending, so a stored message is right in both languages, whichever the reader picks.
 */
describe.each(dbTargets())('amounts in messages on %s', (target) => {
  let server: TestServer;
  let user: { token: string; userId: string };

  const bodies = async (lang: 'tr-TR' | 'en-US') => {
    const res = await postForm(
      server.api('/user/message/list'),
      { size: '100' },
      { accesstoken: user.token, 'Accept-Language': lang },
    );
    const answer = (await res.json()) as { code: number; data: unknown };
    expect(answer.code, JSON.stringify(answer)).toBe(0);
    return messageListSchema.parse(answer.data).list.map((m) => m.body);
  };

  beforeAll(async () => {
    server = await startServer(target);
    const db = server.database.db;
    user = await userWithSession(db);
    const id = BigInt(user.userId);
    await tellDecision(
      db,
      id,
      { kind: 'withdrawal_success', receive: '2000.5', currency: 'TRY' },
      Date.now(),
    );
    await tellDecision(db, id, { kind: 'deposit_success', amount: '123.45', currency: 'USDT' }, Date.now());
    await tellDecision(
      db,
      id,
      { kind: 'deposit_success', amount: '0.00050000', currency: 'BTC' },
      Date.now(),
    );
    await tellUser(
      db,
      { userId: id, accountType: 'real' },
      {
        kind: 'won',
        symbol: 'EGEGD',
        lots: '1000',
        charged: '425.68',
        refund: '212.851',
        refundAt: day(Date.UTC(2026, 10, 27, 9)),
      },
    );
    await tellIcoUser(
      db,
      { userId: id, accountType: 'real' },
      {
        kind: 'allocated',
        token: 'LUMA',
        tokens: '2469',
        spent: '123.45',
        refund: '0',
        refundAt: day(Date.UTC(2026, 10, 25, 9)),
        listingAt: day(Date.UTC(2026, 10, 28, 9)),
      },
    );
  });
  afterAll(async () => server?.close());

  it('formats TRY as money, coins with their own decimals, in tr-TR', async () => {
    const text = (await bodies('tr-TR')).join('\n');
    expect(text).toContain('₺2.000,50 gönderildi.');
    expect(text).toContain(`123,45${NBSP}USDT hesabınıza eklendi.`);
    expect(text).toContain(`0,0005${NBSP}BTC hesabınıza eklendi.`);
    expect(text).toContain('1.000 lot aldınız; ₺425,68 tahsil edildi. Kalan ₺212,85 27.11.2026');
    expect(text).toContain(`2.469${NBSP}LUMA aldınız; 123,45${NBSP}USDT ödendi. Kalan 0,00${NBSP}USDT`);
    expect(text).not.toMatch(/\d\.\d{2} TRY|\d TRY/);
    expect(text).toContain('25.11.2026 tarihinde iade edilir, tokenlar 28.11.2026 tarihinde');
  });

  it('and in en-US', async () => {
    const text = (await bodies('en-US')).join('\n');
    expect(text).toContain('₺2,000.50 has been sent.');
    expect(text).toContain(`123.45${NBSP}USDT has been added`);
    expect(text).toContain('allotted 1,000 lots of EGEGD; ₺425.68 was charged. The remaining ₺212.85 is');
    expect(text).toContain(`allocated 2,469${NBSP}LUMA; 123.45${NBSP}USDT was spent.`);
    // Dates as each language reads them: month first in en-US, day first with dots in tr-TR.
    expect(text).toContain('is refunded to your account on 11/27/2026.');
    expect(text).toContain('is refunded on 11/25/2026; the tokens are credited on 11/28/2026.');
  });
});
