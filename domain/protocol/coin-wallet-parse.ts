import { checkStrings, fieldsOf } from './answer-check';
import type { CoinAssets } from './coin-wallet';

/**
 * The coin wallet's balances (POST /coin/assets), checked by hand: the spot ticket's first paint
 * shows them (its funding line is the Trade tab's largest paint) and loads no zod. Same rules as
 * coinAssetsSchema in ./coin-wallet.ts; coin-wallet-parse.test.ts runs both on the same answers.
 * Throws a TypeError on a wrong shape; unknown fields are dropped, as zod does.
 */
export function parseCoinAssets(data: unknown): CoinAssets {
  const fields = fieldsOf(data, 'coin assets');
  const { coin, contract, spot } = fields;
  if (!Array.isArray(coin)) throw new TypeError('coin assets.coin is not an array');
  checkStrings(fields, ['totalUsdt'], 'coin assets');
  const answer: CoinAssets = {
    coin: coin.map((row: unknown, i) => parseCoinAsset(row, `coin assets.coin[${i}]`)),
    contract: strings(contract, ['available', 'frozen', 'total', 'unrealizedPnl'], 'coin assets.contract'),
    totalUsdt: fields.totalUsdt as string,
  };
  if (spot !== undefined) answer.spot = strings(spot, ['feeRate', 'minAmount'], 'coin assets.spot');
  return answer;
}

function parseCoinAsset(value: unknown, what: string): CoinAssets['coin'][number] {
  const row = strings(value, ['currency', 'available', 'frozen', 'total'], what);
  const { valueUsdt } = fieldsOf(value, what);
  if (valueUsdt !== null && typeof valueUsdt !== 'string')
    throw new TypeError(`${what}.valueUsdt is not a string or null`);
  return { ...row, valueUsdt };
}

/** An object of exactly these string fields (others dropped), or a TypeError naming `what`. */
function strings<K extends string>(value: unknown, names: readonly K[], what: string): Record<K, string> {
  const fields = fieldsOf(value, what);
  checkStrings(fields, names, what);
  const picked = {} as Record<K, string>;
  for (const name of names) picked[name] = fields[name] as string;
  return picked;
}
