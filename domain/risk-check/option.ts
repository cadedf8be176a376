import Decimal from 'decimal.js';
import type { OptionKind } from '../options/black-scholes';
import { breakeven, buyCost, payoffAtExpiry, premiumTotal } from '../options/money';
import { shuffleChoices, type KeyedQuestion, type Random } from './question';

/**
 * The option the user is about to buy, priced as the ticket prices it: the model premium a share
 * now, the contract's multiplier and the fee rules (domain/options/money, as the broker charges).
 */
export type OptionCase = {
  symbol: string;
  kind: OptionKind;
  strike: string;
  spot: string;
  /** Per share, as the ticket shows it. */
  premium: string;
  multiplier: number;
  contracts: string;
  feeRate: string;
  minFee: string;
};

const MONEY_PLACES = 2;
const PRICE_PLACES = 4;

function facts(c: OptionCase): Record<string, string> {
  return {
    symbol: c.symbol,
    kind: c.kind,
    strike: c.strike,
    spot: c.spot,
    premium: c.premium,
    multiplier: String(c.multiplier),
    contracts: c.contracts,
  };
}

const amount = (v: Decimal) => ({ value: v.toFixed(), tag: 'amount' as const });

/** The most a buyer can lose: the premium total and its fee (buyCost), never more. */
export function maxLossQuestion(id: string, c: OptionCase, random: Random): KeyedQuestion {
  const { total, fee, cost } = buyCost(c.premium, c.multiplier, c.contracts, c.feeRate, c.minFee);
  const notional = new Decimal(c.strike).mul(c.multiplier).mul(c.contracts);
  const candidates = [
    amount(cost),
    { value: null, tag: 'unlimited' as const },
    amount(notional),
    amount(new Decimal(c.premium).mul(c.contracts)),
    amount(total.minus(fee).abs()),
  ];
  const { choices, answer } = shuffleChoices(candidates, MONEY_PLACES, random);
  return {
    id,
    topic: 'maxLoss',
    unit: 'TRY',
    facts: facts(c),
    choices,
    answer,
    explain: { total: total.toFixed(), fee: fee.toFixed(), cost: cost.toFixed() },
  };
}

/** Where the underlying must end for the position to break even before the fee (breakeven). */
export function breakevenQuestion(id: string, c: OptionCase, random: Random): KeyedQuestion {
  const right = breakeven(c.kind, c.strike, c.premium);
  const wrongWay = breakeven(c.kind === 'call' ? 'put' : 'call', c.strike, c.premium);
  const perContract = new Decimal(c.premium).mul(c.multiplier);
  const far =
    c.kind === 'call' ? new Decimal(c.strike).plus(perContract) : new Decimal(c.strike).minus(perContract);
  const candidates = [
    amount(right),
    amount(new Decimal(c.strike)),
    amount(wrongWay),
    amount(far),
    amount(new Decimal(c.spot)),
  ].filter((x) => new Decimal(x.value).gt(0));
  const { choices, answer } = shuffleChoices(candidates, PRICE_PLACES, random);
  return {
    id,
    topic: 'breakeven',
    unit: 'price',
    facts: facts(c),
    choices,
    answer,
    explain: { breakeven: right.toFixed() },
  };
}

/**
 * What the position is paid at expiry if the stock ends `move` beyond the nearer of spot and
 * strike in the option's favour (payoffAtExpiry), so the option ends in the money.
 */
export function payoffQuestion(
  id: string,
  c: OptionCase,
  move: Decimal.Value,
  random: Random,
): KeyedQuestion {
  const base = c.kind === 'call' ? Decimal.max(c.spot, c.strike) : Decimal.min(c.spot, c.strike);
  const factor = c.kind === 'call' ? new Decimal(1).plus(move) : new Decimal(1).minus(move);
  const settle = base.mul(factor).toDecimalPlaces(MONEY_PLACES, Decimal.ROUND_DOWN);
  const paid = payoffAtExpiry(c.kind, settle, c.strike, c.multiplier, c.contracts);
  const perShare = settle.minus(c.strike).abs();
  const { cost } = buyCost(c.premium, c.multiplier, c.contracts, c.feeRate, c.minFee);
  const stockLike = settle.minus(c.spot).abs().mul(c.multiplier).mul(c.contracts);
  const candidates = [
    amount(paid),
    amount(perShare.mul(c.contracts)),
    amount(paid.minus(cost).abs()),
    amount(stockLike),
    amount(paid.mul(2)),
  ];
  const { choices, answer } = shuffleChoices(candidates, MONEY_PLACES, random);
  return {
    id,
    topic: 'payoff',
    unit: 'TRY',
    facts: { ...facts(c), settle: settle.toFixed() },
    choices,
    answer,
    explain: {
      paid: paid.toFixed(),
      perShare: perShare.toFixed(),
      cost: cost.toFixed(),
      premiumTotal: premiumTotal(c.premium, c.multiplier, c.contracts).toFixed(),
    },
  };
}

/** The round's questions before an option purchase. */
export function optionQuestions(c: OptionCase, random: Random, ids: readonly string[]): KeyedQuestion[] {
  const [a = 'q1', b = 'q2', p = 'q3'] = ids;
  return [
    maxLossQuestion(a, c, random),
    breakevenQuestion(b, c, random),
    payoffQuestion(p, c, '0.1', random),
  ];
}

/** The same question on other numbers after a wrong answer: more or fewer contracts, another move. */
export function optionRetry(
  topic: 'maxLoss' | 'breakeven' | 'payoff',
  id: string,
  c: OptionCase,
  random: Random,
): KeyedQuestion {
  const contracts = String(1 + Math.floor(random() * 5) + (c.contracts === '1' ? 1 : 0));
  // The premium too, as "suppose it cost…": the break-even has nothing else to change.
  const premium = new Decimal(c.premium)
    .mul(['0.8', '1.25', '1.5'][Math.floor(random() * 3)] ?? '1.5')
    .toDecimalPlaces(PRICE_PLACES, Decimal.ROUND_DOWN)
    .toFixed();
  const next = {
    ...c,
    premium,
    contracts: contracts === c.contracts ? String(Number(contracts) + 1) : contracts,
  };
  if (topic === 'maxLoss') return maxLossQuestion(id, next, random);
  if (topic === 'breakeven') return breakevenQuestion(id, next, random);
  const move = ['0.05', '0.15', '0.2'][Math.floor(random() * 3)] ?? '0.2';
  return payoffQuestion(id, next, move, random);
}
