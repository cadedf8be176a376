import { fundingDecimals } from '../../../domain/funding/amounts';
import type { WalletBalance } from '../../../domain/protocol/account';
import type { CoinInfo } from '../../../domain/protocol/market';
import { isCoinPairTradable } from '../../../domain/rules/tradable';

/**
 * What the exchange screens decide without the server: which pairs a mode offers, each
 * currency's decimals and wallet, what is available, and whether a typed amount can be asked
 * for. The server prices and decides (domain/funding/exchange.ts); these only catch mistakes
 * before a round trip, with the same rules.
 */

/** stock: TRY ↔ USDT; crypto: coin ↔ coin (USDT included); any: every pair the server offers. */
export type ExchangeMode = 'stock' | 'crypto' | 'any';
export type Pair = { from: string; to: string };

/** TRY 2, every coin (USDT included) 8: the wallets' decimals, the server's rule (fundingDecimals). */
export function decimalsOf(currency: string): number {
  return fundingDecimals(currency);
}

/** TRY lives in the stock account, every coin (USDT included) in the currency account. */
export function walletOf(currency: string): 'stock' | 'coin' {
  return currency === 'TRY' ? 'stock' : 'coin';
}

/**
 * The coins with a USDT market trading at `now`, in the catalogue's order: a sale's token before
 * its listing date (an ICO upcoming or still taking commitments) has no market to convert against,
 * so it is left out rather than offered and answered "no orders on the other side".
 * The same rule as the tickets' pair lists (domain/rules/tradable).
 */
export function coinsOf(infos: readonly CoinInfo[], now: number): string[] {
  return infos.filter((i) => i.base !== 'USDT' && isCoinPairTradable(i, now)).map((i) => i.base);
}

/** What `from` may become in a mode. */
export function targetsOf(mode: ExchangeMode, from: string, coins: readonly string[]): string[] {
  if (from === 'TRY') return mode === 'crypto' ? [] : ['USDT'];
  if (mode === 'stock') return from === 'USDT' ? ['TRY'] : [];
  const crypto = ['USDT', ...coins].filter((c) => c !== from);
  return mode === 'any' && from === 'USDT' ? ['TRY', ...crypto] : crypto;
}

/** What a mode may convert from. */
export function sourcesOf(mode: ExchangeMode, coins: readonly string[]): string[] {
  if (mode === 'stock') return ['TRY', 'USDT'];
  if (mode === 'crypto') return ['USDT', ...coins];
  return ['TRY', 'USDT', ...coins];
}

/** The pair a mode opens with. */
export function defaultPair(mode: ExchangeMode, coins: readonly string[]): Pair {
  if (mode === 'crypto') return { from: 'USDT', to: coins[0] ?? 'USDT' };
  return { from: 'TRY', to: 'USDT' };
}

/** A new `from` keeps `to` when it still fits, else takes the first target. */
export function withFrom(mode: ExchangeMode, pair: Pair, from: string, coins: readonly string[]): Pair {
  const targets = targetsOf(mode, from, coins);
  return { from, to: targets.includes(pair.to) ? pair.to : (targets[0] ?? pair.to) };
}

/** Swapped when the reverse is offered in this mode; otherwise unchanged. */
export function swapped(mode: ExchangeMode, pair: Pair, coins: readonly string[]): Pair {
  return targetsOf(mode, pair.to, coins).includes(pair.from) ? { from: pair.to, to: pair.from } : pair;
}

/** The available balance of `currency` in its wallet ('0' when the wallet holds none). */
export function availableOf(balances: readonly WalletBalance[], currency: string): string {
  const wallet = walletOf(currency);
  return balances.find((b) => b.wallet === wallet && b.currency === currency)?.available ?? '0';
}

/** Whole seconds left before `expiresAt` (never negative; 0 means expired). */
export function secondsLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}
