import Decimal from 'decimal.js';
import { USDT_SCALE } from '../format/money';
import { amountProblem } from '../funding/amounts';
import type { IpoError } from './errors';

/**
 * Coin ICO allocation, Binance Launchpad's model: users commit USDT during the window;
 * at the end each gets tokens worth min(commitment, commitment / total × offered value), where the
 * offered value is tokens offered × token price. Oversubscribed, everyone gets the same fraction of
 * their commitment; undersubscribed, everyone gets all they paid for and tokens are left unsold.
 *
 * Rounding, all in exact integers (bigint units of 10^-scale), never in the issuer's disfavour on
 * tokens nor the user's on money:
 * - tokens round DOWN to the token's precision, so the tokens handed out never exceed the offer;
 * - what is spent is tokens × price rounded UP to USDT's 8 decimals, which never exceeds the
 *   commitment (tokens × price ≤ commitment, and the commitment is on the 8-decimal grid);
 * - the refund is commitment − spent: the excess and the dust of both roundings.
 */

export type IcoTerms = {
  /** USDT per token. */
  tokenPrice: string;
  tokensOffered: string;
  /** The token's decimals (0–18). */
  tokenScale: number;
};

export type IcoCommitment = { id: string; amount: string };

/** Canonical decimal strings: USDT for committed/spent/refund, the token for tokens. */
export type IcoShare = { id: string; committed: string; tokens: string; spent: string; refund: string };

export type IcoAllocation = {
  shares: IcoShare[];
  totalCommitted: string;
  offeredValue: string;
  oversubscribed: boolean;
  tokensSold: string;
  tokensUnsold: string;
};

export type IcoOutcome = ({ ok: true } & IcoAllocation) | { ok: false; error: IpoError };

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** A finite decimal, or null for anything Decimal cannot read ("abc", "Infinity", "NaN"). */
function parseDecimal(value: string): Decimal | null {
  try {
    const d = new Decimal(value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** A non-negative decimal on the 10^-scale grid as integer units, or null. */
function toUnits(d: Decimal, scale: number): bigint | null {
  if (d.isNeg() || d.decimalPlaces() > scale) return null;
  return BigInt(d.times(new Decimal(10).pow(scale)).toFixed(0));
}

function fromUnits(units: bigint, scale: number): string {
  return new Decimal(units.toString()).dividedBy(new Decimal(10).pow(scale)).toFixed();
}

const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

/** The terms' checks; the price's own decimals are kept as its scale. */
function termUnits(terms: IcoTerms): { price: bigint; priceScale: number; offered: bigint } | IpoError {
  const invalid = (field: string): IpoError => ({ key: 'ICO_TERMS_INVALID', params: { field } });
  if (!Number.isInteger(terms.tokenScale) || terms.tokenScale < 0 || terms.tokenScale > 18)
    return invalid('tokenScale');
  const priceValue = parseDecimal(terms.tokenPrice);
  if (priceValue === null || priceValue.lte(0)) return invalid('tokenPrice');
  const priceScale = priceValue.decimalPlaces();
  const price = toUnits(priceValue, priceScale);
  const offeredDecimal = parseDecimal(terms.tokensOffered);
  const offered = offeredDecimal === null ? null : toUnits(offeredDecimal, terms.tokenScale);
  if (price === null) return invalid('tokenPrice');
  if (offered === null || offered === 0n) return invalid('tokensOffered');
  return { price, priceScale, offered };
}

export function icoAllocation(terms: IcoTerms, commitments: readonly IcoCommitment[]): IcoOutcome {
  const units = termUnits(terms);
  if ('key' in units) return { ok: false, error: units };
  const { price, priceScale, offered } = units;
  const ts = terms.tokenScale;
  const committed: bigint[] = [];
  const seen = new Set<string>();
  for (const commitment of commitments) {
    const value = parseDecimal(commitment.amount);
    if (value === null)
      return { ok: false, error: { key: 'NUMBER_FORMAT', params: { field: 'amount', id: commitment.id } } };
    if (value.lte(0))
      return { ok: false, error: { key: 'AMOUNT_NOT_POSITIVE', params: { id: commitment.id } } };
    const amount = toUnits(value, USDT_SCALE);
    if (amount === null)
      return {
        ok: false,
        error: { key: 'AMOUNT_PRECISION', params: { decimals: USDT_SCALE, id: commitment.id } },
      };
    if (seen.has(commitment.id))
      return { ok: false, error: { key: 'IPO_DUPLICATE_APPLICATION', params: { id: commitment.id } } };
    seen.add(commitment.id);
    committed.push(amount);
  }
  const total = committed.reduce((sum, c) => sum + c, 0n);
  // In USDT units: offered value = offered·10^-ts × price·10^-ps × 10^8 = offered·price·10^8 / 10^(ts+ps).
  // Compared cross-multiplied so the test itself does not round.
  const scaleDown = pow10(ts + priceScale);
  const oversubscribed = total * scaleDown > offered * price * pow10(USDT_SCALE);

  let sold = 0n;
  const shares = commitments.map((commitment, i): IcoShare => {
    const c = committed[i] ?? 0n;
    // Oversubscribed: c/total of the offer. Otherwise c / price, in token units:
    // c·10^-8 / (price·10^-ps) × 10^ts = c·10^(ps+ts) / (price·10^8).
    const tokens = oversubscribed ? (c * offered) / total : (c * scaleDown) / (price * pow10(USDT_SCALE));
    // tokens·10^-ts × price·10^-ps in USDT units, rounded up.
    const spent = ceilDiv(tokens * price * pow10(USDT_SCALE), scaleDown);
    sold += tokens;
    return {
      id: commitment.id,
      committed: fromUnits(c, USDT_SCALE),
      tokens: fromUnits(tokens, ts),
      spent: fromUnits(spent, USDT_SCALE),
      refund: fromUnits(c - spent, USDT_SCALE),
    };
  });
  return {
    ok: true,
    shares,
    totalCommitted: fromUnits(total, USDT_SCALE),
    offeredValue: new Decimal(terms.tokensOffered).times(terms.tokenPrice).toFixed(),
    oversubscribed,
    tokensSold: fromUnits(sold, ts),
    tokensUnsold: fromUnits(offered - sold, ts),
  };
}

export type IcoCommitRules = {
  t: number;
  window: { start: number; end: number };
  /** USDT; `max` is per user, over all their commitments. */
  min: string;
  max: string | null;
  /** What the user has committed already, USDT. */
  committed: string;
  /** The currency account's free USDT. */
  available: string;
};

/** A commitment's checks: the window, the amount (as funding amounts), the per-user cap, the balance. */
export function checkIcoCommit(amount: string, rules: IcoCommitRules): IpoError | null {
  if (rules.t < rules.window.start || rules.t >= rules.window.end) return { key: 'ICO_NOT_SUBSCRIBING' };
  if (parseDecimal(amount) === null) return { key: 'NUMBER_FORMAT', params: { field: 'amount' } };
  const room =
    rules.max === null ? null : Decimal.max(0, new Decimal(rules.max).minus(rules.committed)).toFixed();
  const problem = amountProblem(amount, { min: rules.min, max: room, decimals: USDT_SCALE, unit: 'USDT' });
  if (problem) return problem;
  if (new Decimal(amount).gt(rules.available)) return { key: 'INSUFFICIENT_BALANCE' };
  return null;
}

/**
 * What a new commitment of `amount` would get if the window closed now with `othersCommitted`
 * already committed by others: the same pro-rata as the allocation, so the screen's estimate and
 * the server's result are one formula. Null when the amount or the terms are not usable.
 */
export function icoEstimate(
  terms: IcoTerms,
  othersCommitted: string,
  amount: string,
): { tokens: string; spent: string; refund: string; oversubscribed: boolean } | null {
  const others = parseDecimal(othersCommitted);
  const commitments: IcoCommitment[] = [{ id: 'me', amount }];
  if (others !== null && others.gt(0)) commitments.push({ id: 'others', amount: others.toFixed() });
  const outcome = icoAllocation(terms, commitments);
  const mine = outcome.ok ? outcome.shares[0] : undefined;
  if (!outcome.ok || !mine) return null;
  return {
    tokens: mine.tokens,
    spent: mine.spent,
    refund: mine.refund,
    oversubscribed: outcome.oversubscribed,
  };
}
