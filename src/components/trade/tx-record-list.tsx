import './texts';
import './records-namespace';
import '../../styles/trade.css';
import '../../styles/records.css';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { Locale } from '../../../domain/format/locale';
import type { TxRecord } from '../../../domain/protocol/trading';
import { prefs } from '../../state/prefs';
import { ErrorState, ListSkeleton } from '../content/state-views';
import { usePaged } from '../content/use-paged';
import { ChevronIcon } from '../icons';
import { fundsRecordEndpoints } from '../../../domain/protocol/endpoints/funds-record';
import { call } from '../../api/call';
import { TxExact } from './tx-exact';
import {
  amountText,
  groupByTransaction,
  money,
  shownPlaces,
  txFigures,
  type TxFigures,
  type TxGroup,
  type Wallet,
} from './tx-figures';
import { Button } from '../button';

/** References a person can quote to support; operator and transfer ids are internal. */
const SHOWN_REFERENCES: ReadonlySet<string> = new Set(['spot_order', 'contract_position']);

/** The notes under a line: a hold or release, the costs inside it, a contract's margin. */
function TxNotes({ figures, locale }: { figures: TxFigures; locale: Locale }) {
  const { t } = useTranslation('trade');
  const { held, fees, margin, main, places } = figures;
  return (
    <>
      {held && (
        <span className="tx-line__meta" data-testid="tx-held">
          <span>{t(held.isNeg() ? 'funds.held_note' : 'funds.released_note')}</span>
        </span>
      )}
      {fees && !fees.amount.isZero() && (
        <span className="tx-line__meta">
          <span>{t('funds.fees_included')}</span>
          <span className="num" data-testid="tx-fees">
            {money(fees.amount, fees.row.currency, locale, shownPlaces(fees.row.wallet, fees.row.currency))}
          </span>
        </span>
      )}
      {margin && !margin.isZero() && (
        <span className="tx-line__meta">
          <span>{t(margin.isPos() ? 'funds.margin_locked' : 'funds.margin_returned')}</span>
          <span className="num" data-testid="tx-frozen">
            {money(margin.abs(), main.currency, locale, places)}
          </span>
        </span>
      )}
    </>
  );
}

/**
 * One statement line, a button: tapped, it opens the exact amounts the ledger booked under it
 * (the line shows the currency's display decimals).
 */
function TxLine({ group, locale }: { group: TxGroup; locale: Locale }) {
  const { t } = useTranslation('trade');
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const figures = txFigures(group, t, locale);
  if (!figures) return null;
  const { first, main, held, marginOnly, amount, places, title, quantity } = figures;
  return (
    <li
      className="surface-card tx-line"
      data-testid="tx-line"
      data-reason={first.reason}
      data-currency={main.currency}
      data-amount={main.amount}
      data-held={held ? held.toFixed() : undefined}
    >
      <button
        type="button"
        className="tx-line__button"
        aria-expanded={open}
        aria-controls={open ? detailId : undefined}
        data-testid="tx-toggle"
        onClick={() => setOpen(!open)}
      >
        <span className="tx-line__head">
          <span className="tx-line__title">
            {title}
            {/* The space outside the quantity: the line breaks before "0,05000000 BTC", never
                inside it (a figure on one line, its coin on the next). */}
            {quantity && ' '}
            {quantity && (
              <span className="tx-line__qty num" data-testid="tx-qty">
                {quantity}
              </span>
            )}
          </span>
          <span
            className={`tx-line__amount num${amount.isPos() && !held && !marginOnly ? ' tone-up' : ''}${held ? ' tx-line__amount--held' : ''}`}
            data-testid="tx-available"
          >
            {amountText(figures, places, t, locale)}
          </span>
        </span>
        <TxNotes figures={figures} locale={locale} />
        {/* The balance after the line, as a bank statement shows it: the lines add up to it. */}
        <span className="tx-line__meta">
          <span>{t('funds.balance_after')}</span>
          <span className="num" data-testid="tx-balance">
            {money(main.balance.total, main.currency, locale, places)}
          </span>
        </span>
        <span className="tx-line__meta">
          <span className="num">{formatDateTime(first.t, locale)}</span>
          <span className="tx-line__end">
            {SHOWN_REFERENCES.has(first.referenceType) && (
              <span className="tx-line__ref">
                {t('funds.reference', {
                  type: t(`ref_type.${first.referenceType}`, { defaultValue: '' }),
                  ref: first.referenceId,
                })}
              </span>
            )}
            <ChevronIcon className="tx-line__chevron" width={16} height={16} />
          </span>
        </span>
      </button>
      {open && <TxExact figures={figures} locale={locale} id={detailId} />}
    </li>
  );
}

/**
 * The funds detail of one wallet (and currency), read like a bank statement: one line per
 * movement, newest first, a page at a time: a trade is "Buy THYAO 10 lots
 * −₺3.197,08" with its costs inside, credits green, no internal ids, and the balance after it.
 * A hold (an order's, a withdrawal's, an IPO's, a coin sale's, a loan repayment's) reads "held"
 * with the amount taken from available into frozen, its release "released", neither signed: the
 * hold is still the user's money, only its charge is a debit.
 */
export function TxRecordList({
  wallet,
  currency,
  empty,
}: {
  wallet: Wallet;
  currency?: string;
  /** What an account without bookings shows: a title and the next step. */
  empty: ReactNode;
}) {
  const { t } = useTranslation('trade');
  const locale = useSnapshot(prefs).lang;
  const list = usePaged<TxRecord>(`tx|${wallet}|${currency ?? ''}`, (page, size, after) =>
    call(
      fundsRecordEndpoints.txRecord,
      { wallet, ...(currency ? { currency } : {}), page, size, ...(after ? { before: after.id } : {}) },
      { silent: true },
    ),
  );
  const first = list.first;
  if (first.status === 'loading') return <ListSkeleton rows={5} />;
  if (first.status === 'error') return <ErrorState error={first.error} onRetry={list.reload} />;
  if (list.rows.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className="trade-list" data-testid="tx-list">
        {groupByTransaction(list.rows).map((group) => (
          <TxLine key={group.id} group={group} locale={locale} />
        ))}
      </ul>
      {list.hasMore && (
        <Button disabled={list.loadingMore} testId="tx-more" onClick={() => void list.more()}>
          {t('funds.more')}
        </Button>
      )}
    </>
  );
}
