import type { Command } from './command';
import { type Flags, pagedFields } from './cli-flags';

/** The block-trade lines of the CLI's usage. */
export const BLOCK_USAGE = `  blocks [--limit N] [--json]
  block create <SYMBOL> --discount 0.05 --lots N --max N [--min N] [--days 7] [--lockup 30]
               [--opens 2026-12-01T07:00:00Z] [--vip]   (opens now unless --opens)
  block orders <blockId> [--limit N] [--json]
  block close <blockId>   (stops sales now)`;

const CREATE_FLAGS: Record<string, string> = {
  discount: 'discount',
  lots: 'lotsOffered',
  min: 'minLots',
  max: 'maxLots',
  days: 'days',
  lockup: 'lockupDays',
  opens: 'opens',
};

/** The block commands; null when the words are not one. */
export function parseBlockCommand(
  words: readonly string[],
  flags: Flags,
  json: boolean,
): Command | { error: string } | null {
  const [first, second, arg] = words;
  const paged = pagedFields(flags);
  if (first === 'blocks') return { path: 'blocks', fields: paged, json };
  if (first !== 'block') return null;
  if (second !== 'create' && second !== 'orders' && second !== 'close')
    return { error: `unknown command: block ${second ?? ''}` };
  if (!arg) return { error: second === 'create' ? 'missing <SYMBOL>' : 'missing <blockId>' };
  if (second === 'orders') return { path: 'block-orders', fields: { ...paged, id: arg }, json };
  if (second === 'close') return { path: 'block-close', fields: { id: arg }, json };
  const fields: Record<string, string> = { symbol: arg.toUpperCase() };
  for (const [flag, field] of Object.entries(CREATE_FLAGS)) {
    const value = flags.get(flag);
    if (typeof value === 'string') fields[field] = value;
  }
  if (flags.get('vip') === true) fields.vipOnly = 'true';
  return { path: 'block-create', fields, json };
}
