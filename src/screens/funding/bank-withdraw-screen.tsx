import './namespace';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { formatPercent, formatTry } from '../../../domain/format/number';
import type { WithdrawStatus } from '../../../domain/protocol/funding';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { useBalancesRefetch } from '../../market/use-private-refetch';
import { TitledScreen } from '../../components/screen';
import { FigureRows } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { BlockState, firstBlock } from '../../components/funding/block-state';
import { HoursNote } from '../../components/funding/hours-note';
import { WithdrawForm } from './withdraw-form';
import { paths } from '../../paths/paths';
import { fundingBankEndpoints } from '../../../domain/protocol/endpoints/funding-bank';
import { call } from '../../api/call';

const loadTerms = async () => {
  const [status, cards] = await Promise.all([
    call(fundingBankEndpoints.withdrawStatus, {}, { silent: true }),
    call(fundingBankEndpoints.cards, { page: 1, size: 50 }, { silent: true }),
  ]);
  return { status, cards: cards.list };
};

/** The fee rule in words: "0.10% of the amount, at least ₺5.00", or that there is none. */
export function useFeeRule(): (status: Pick<WithdrawStatus, 'feeRate' | 'feeMin'>) => string {
  const { t } = useTranslation('funding');
  const { lang } = useSnapshot(prefs);
  return ({ feeRate, feeMin }) => {
    if (new Decimal(feeRate).isZero() && new Decimal(feeMin).isZero()) return t('withdraw.fee_none');
    const rate = formatPercent(new Decimal(feeRate).times(100).toFixed(), lang, { signed: false });
    if (new Decimal(feeMin).isZero()) return t('withdraw.fee_rate', { rate });
    return t('withdraw.fee_rule', { rate, min: formatTry(feeMin, lang) });
  };
}

/**
 * /pages/withdraw/bankWithdraw (the drawer's withdraw button): every condition from GET
 * /user/withdraw/status before the form — hours, limits, fee rule, expected time, available —
 * and each block (demo, KYC, no withdrawal password, no card) as a state with its way out.
 */
export default function BankWithdrawScreen() {
  const { t } = useTranslation('funding');
  const { lang } = useSnapshot(prefs);
  const feeRule = useFeeRule();
  const terms = useLiveData('withdraw-terms', loadTerms);
  // The available balance follows the ledger: a request whose answer was on its way when the
  // screen was left went through, and the form opened again showed the balance from before it.
  useBalancesRefetch(terms.refresh);
  // Once a request is sent, its result offers the records as its one next step; the link under
  // the form would repeat it.
  const [sent, setSent] = useState(false);
  let body;
  if (terms.status === 'loading') body = <ListSkeleton rows={4} />;
  else if (terms.status === 'error') body = <ErrorState error={terms.error} onRetry={terms.reload} />;
  else {
    const { status, cards } = terms.data;
    // No saved card is a block even if the server's list of blocks has not caught up with a delete.
    const block = firstBlock(cards.length === 0 ? [...status.blocks, 'BANK_CARD_REQUIRED'] : status.blocks);
    const money = (value: string) => formatTry(value, lang);
    body = (
      <>
        {/* Closed: the block below says so with the hours; one note, not the same one twice. */}
        {block !== 'FUNDING_CLOSED' && <HoursNote hours={status.hours} />}
        <FigureRows
          testId="withdraw-terms"
          rows={[
            { label: t('withdraw.available'), value: money(status.available), testId: 'withdraw-available' },
            {
              label: t('deposit.limits'),
              value: t('deposit.range', { min: money(status.minAmount), max: money(status.maxAmount) }),
            },
            { label: t('withdraw.fee'), value: feeRule(status), testId: 'withdraw-fee-rule' },
            {
              label: t('withdraw.expected'),
              value: t('withdraw.expected_hours', {
                hours: status.expectedHours,
                count: Number(status.expectedHours),
              }),
            },
          ]}
        />
        {block ? (
          <BlockState block={block} hours={status.hours} />
        ) : (
          <WithdrawForm
            status={status}
            cards={cards}
            onHeld={(amount) => {
              setSent(true);
              // The amount is held at once (a ledgered hold): available drops by it, no refetch flash.
              terms.update((data) => ({
                ...data,
                status: {
                  ...data.status,
                  available: new Decimal(data.status.available).minus(amount).toFixed(),
                  pending: data.status.pending + 1,
                },
              }));
            }}
          />
        )}
        {!sent && (
          <Link className="text-link" href={paths.withdrawRecord} data-testid="withdraw-records">
            {t('withdraw.records')}
          </Link>
        )}
      </>
    );
  }
  return (
    <TitledScreen className="funding-screen" title={t('withdraw.title')}>
      {body}
    </TitledScreen>
  );
}
