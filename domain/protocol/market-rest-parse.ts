import type { CoinInfo } from './market';

/**
 * The one REST answer the worker reads at start (POST /coin/infos), checked by hand so the
 * worker's first load carries no zod. Same rules as coinInfosAnswerSchema in ./market.ts; the
 * test runs both on the same answers so they cannot drift. Throws on a wrong shape.
 */
export function parseCoinInfos(data: unknown): CoinInfo[] {
  const list = (data as { list?: unknown } | null)?.list;
  if (!Array.isArray(list)) throw new TypeError('coin infos: list is not an array');
  return list.map((item: unknown, i) => {
    if (typeof item !== 'object' || item === null) throw new TypeError(`coin infos[${i}] is not an object`);
    const { symbol, base, quote, name, priceScale, qtyScale, minQty } = item as Record<string, unknown>;
    for (const [field, value] of Object.entries({ symbol, base, quote, name, minQty })) {
      if (typeof value !== 'string') throw new TypeError(`coin infos[${i}].${field} is not a string`);
    }
    for (const [field, value] of Object.entries({ priceScale, qtyScale })) {
      if (!Number.isInteger(value)) throw new TypeError(`coin infos[${i}].${field} is not an integer`);
    }
    return { symbol, base, quote, name, priceScale, qtyScale, minQty } as CoinInfo;
  });
}
