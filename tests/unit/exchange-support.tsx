import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import type { ExchangeQuote } from '../../domain/protocol/exchange';
import { RoutePathContext } from '../../src/paths/route-context';
import { SAMPLE_COIN_INFOS } from '../support/sample-market';

/** The exchange screens' server, as msw: assets, coin infos and /user/exchange, requests recorded. */
export const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });

export type Sent = Record<string, string>;
export type ExchangeReply = (body: Sent, n: number) => Response | Promise<Response>;

export const BALANCES = [
  { wallet: 'stock', currency: 'TRY', available: '1000', frozen: '0', locked: '0', total: '1000' },
  { wallet: 'coin', currency: 'USDT', available: '500', frozen: '0', locked: '0', total: '500' },
  { wallet: 'coin', currency: 'BTC', available: '0.25', frozen: '0', locked: '0', total: '0.25' },
];

/** The domain tests' TRY → USDT vector, valid 10 s from now. */
export function tryQuote(id = 'q1', amount = '100'): ExchangeQuote {
  return {
    quoteId: id,
    from: 'TRY',
    to: 'USDT',
    fromWallet: 'stock',
    toWallet: 'coin',
    amount,
    rate: '0.02273348519',
    midRate: '0.0228050171',
    spread: '0.003137',
    fee: '0.00227335',
    feeRate: '0.001',
    receive: '2.27107516',
    expiresAt: Date.now() + 10_000,
  };
}

export function envelopeError(key: string, msg: string) {
  return HttpResponse.json({ code: -1001, msg, key, data: null });
}

/** Handlers recording every exchange request; `reply` answers the n-th (0-based). */
export function exchangeHandlers(sent: Sent[], reply: ExchangeReply, counts: { assets: number }) {
  return [
    http.post(`${API}/user/assets`, () => {
      counts.assets++;
      return ok({ accountType: 'real', balances: BALANCES });
    }),
    http.post(`${API}/coin/infos`, () => ok({ list: SAMPLE_COIN_INFOS })),
    http.post(`${API}/user/exchange`, async ({ request }) => {
      const body = Object.fromEntries(new URLSearchParams(await request.text()));
      sent.push(body);
      return reply(body, sent.length - 1);
    }),
  ];
}

export const answer = (quote: ExchangeQuote, transactionId?: string) =>
  ok(transactionId === undefined ? { executed: false, quote } : { executed: true, quote, transactionId });

/** A screen as the router shows it: inside a Router, with its path for data-screen. */
export function renderScreen(path: string, screen: ReactNode) {
  return render(
    <Router>
      <RoutePathContext.Provider value={path}>{screen}</RoutePathContext.Provider>
    </Router>,
  );
}
