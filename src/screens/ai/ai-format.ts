import Decimal from 'decimal.js';
import type { TFunction } from 'i18next';
import type { Locale } from '../../../domain/format/locale';
import { formatPercent } from '../../../domain/format/number';
import type { AiProduct } from '../../../domain/protocol/ai-products';
import { paths } from '../../paths/paths';

export const AI_LIST_PATH = paths.aiList;
export const AI_DETAIL_PATH = paths.aiDetail;
export const AI_ORDER_PATH = paths.aiOrder;
export const AI_MINE_PATH = paths.aiMine;

export const aiHref = (to: string, id: string) => `${to}?id=${encodeURIComponent(id)}`;
export const addHref = (orderId: string) => `${AI_ORDER_PATH}?order=${encodeURIComponent(orderId)}`;

/** A URL parameter, or null: the screen then shows a chooser, not an error. */
export function paramOf(search: string, name: string): string | null {
  const value = (new URLSearchParams(search).get(name) ?? '').trim();
  return value === '' ? null : value;
}

/** "Momentum 5": the rule's name and how many stocks it holds. */
export function productTitle(p: Pick<AiProduct, 'kind' | 'count'>, t: TFunction<'ai'>): string {
  return t('product_title', { kind: t(`kind.${p.kind}`), count: p.count });
}

/** The rule in words: what it holds, how it weights, when it trades. */
export function ruleText(p: AiProduct, t: TFunction<'ai'>): string {
  const weighting = t(`rule.${p.weighting}`);
  return `${t(`rule.${p.kind}`, { count: p.count, days: p.lookbackDays, weighting })} ${t('rule.schedule', { days: p.rebalanceDays })}`;
}

/** A fraction on the wire ("0.0123") as a signed percentage ("%1,23" / "1.23%"); `--` when null. */
export function formatRatio(value: string | null, lang: Locale, signed = true): string {
  if (value === null) return '--';
  return formatPercent(new Decimal(value).times(100).toFixed(), lang, { signed });
}
