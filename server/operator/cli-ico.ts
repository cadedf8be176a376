import type { Command } from './command';
import { createFields, parseOfferingCommand, type Flags } from './cli-flags';

/** The coin ICO lines of the CLI's usage. Dates: ISO 8601 or epoch ms. */
export const ICO_USAGE = `  icos [--limit N] [--json]
  ico commitments <icoId> [--limit N] [--json]
  ico close <icoId>   (stops commitments now; the ICO pass allocates at once)
  ico create --token T --name "…" --price USDT --offered N --scale D --min USDT [--max USDT]
             --start DATE --end DATE [--allocation DATE] [--refund DATE] --listing DATE
             [--summary "…"] [--summary-en "…"]`;

/** Flag → operator field of `ico create`; the required ones first. */
const CREATE_FLAGS: Record<string, string> = {
  token: 'token',
  name: 'name',
  price: 'tokenPrice',
  offered: 'tokensOffered',
  scale: 'tokenScale',
  min: 'minCommit',
  start: 'subscribeStart',
  end: 'subscribeEnd',
  listing: 'listingAt',
  max: 'maxCommit',
  allocation: 'allocationAt',
  refund: 'refundAt',
  summary: 'summaryTr',
  'summary-en': 'summaryEn',
};
const REQUIRED = ['token', 'name', 'price', 'offered', 'scale', 'min', 'start', 'end', 'listing'];

/** The ICO commands; null when the words are not one. */
export function parseIcoCommand(
  words: readonly string[],
  flags: Flags,
  json: boolean,
): Command | { error: string } | null {
  return parseOfferingCommand(words, flags, json, {
    noun: 'ico',
    rows: 'commitments',
    create: () => {
      const create = createFields(flags, CREATE_FLAGS, REQUIRED);
      return 'error' in create ? create : { path: 'ico-create', fields: create.fields, json };
    },
  });
}
