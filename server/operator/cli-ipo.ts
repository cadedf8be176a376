import { IPO_STOCKS } from '../market/catalogue';
import type { Command } from './command';
import { createFields, parseOfferingCommand, type Flags } from './cli-flags';

/** The symbols an IPO can list: the catalogue's IPO stocks (only they have a market to trade on). */
const IPO_SYMBOLS = IPO_STOCKS.map((row) => row[0]);

/** The IPO lines of the CLI's usage. Dates: ISO 8601 or epoch ms. */
export const IPO_USAGE = `  ipos [--limit N] [--json]
  ipo applications <ipoId> [--limit N] [--json]
  ipo close <ipoId>   (stops applications now; the IPO pass allocates at once)
  ipo create --symbol S --name "…" --price TRY --lots-retail N --lots-institutional N
             --min-lots N --max-lots N --start DATE --end DATE --allocation DATE --refund DATE
             --listing DATE [--method equal|lottery] [--ticket-lots N] [--payment hold|pay_after]
             [--summary "…"] [--summary-en "…"] [--sector "…"] [--sector-en "…"]
             (--symbol: one of the catalogue's IPO stocks, ${IPO_SYMBOLS.join(', ')}: no other
             stock can trade when listed; pay_after: nothing is held, the lots won are paid
             by the refund date and lapse unpaid)
  ipo advance <ipoId> [--to open|allocation|refund|listing]
             (sandbox clock: brings the next pending date, or every one up to --to, to now;
             the IPO pass does it within seconds; an upcoming IPO opens first, and a window
             still open is closed first)`;

/** Flag → operator field of `ipo create`. */
const CREATE_FLAGS: Record<string, string> = {
  symbol: 'symbol',
  name: 'name',
  price: 'issuePrice',
  'lots-retail': 'lotsRetail',
  'lots-institutional': 'lotsInstitutional',
  'min-lots': 'minLots',
  'max-lots': 'maxLots',
  start: 'subscribeStart',
  end: 'subscribeEnd',
  allocation: 'allocationAt',
  refund: 'refundAt',
  listing: 'listingAt',
  method: 'method',
  'ticket-lots': 'ticketLots',
  payment: 'paymentMode',
  summary: 'summaryTr',
  'summary-en': 'summaryEn',
  sector: 'sectorTr',
  'sector-en': 'sectorEn',
};
const REQUIRED = Object.keys(CREATE_FLAGS).slice(0, 12);

function parseCreate(flags: Flags, json: boolean): Command | { error: string } {
  const create = createFields(flags, CREATE_FLAGS, REQUIRED);
  if ('error' in create) return create;
  const { fields } = create;
  fields.symbol = (fields.symbol ?? '').toUpperCase();
  if (!IPO_SYMBOLS.includes(fields.symbol))
    return {
      error: `${fields.symbol} is not an IPO stock of the catalogue; an IPO can list only ${IPO_SYMBOLS.join(', ')}`,
    };
  return { path: 'ipo-create', fields, json };
}

/** The IPO commands; null when the words are not one. */
export function parseIpoCommand(
  words: readonly string[],
  flags: Flags,
  json: boolean,
): Command | { error: string } | null {
  return parseOfferingCommand(words, flags, json, {
    noun: 'ipo',
    rows: 'applications',
    create: parseCreate,
    more: {
      advance: (id): Command | { error: string } => {
        const to = flags.get('to');
        if (to === true) return { error: 'missing value of --to' };
        return { path: 'ipo-advance', fields: to === undefined ? { id } : { id, to }, json };
      },
    },
  });
}
