import './namespace';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import { FUNDING_STATUSES, type Deposit } from '../../../domain/protocol/funding';
import { useLiveRecords } from '../../components/content/use-live-records';
import { usePaged } from '../../components/content/use-paged';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { recordQuery, RecordFilters, RecordPages, type RecordFilter } from './record-parts';
import { useCoins } from './use-coins';
import { PullToRefresh } from '../../components/pull/pull-to-refresh';
import { paths, withQuery } from '../../paths/paths';
import { fundingCoinEndpoints } from '../../../domain/protocol/endpoints/funding-coin';
import { call } from '../../api/call';

export const depositDetailHref = (deposit: Deposit) =>
  withQuery(paths.recordDetail, { type: 'deposit', kind: deposit.kind, id: deposit.id });

const DEPOSITS = ['deposit'] as const;

/**
 * /pages/recharge/coinRechargeList and /pages/recharge/cryptoRecord: the user's crypto deposits,
 * newest first, filtered by status and coin; each opens its detail.
 */
export default function DepositRecordsScreen() {
  const { t } = useTranslation('coinFunding');
  const coins = useCoins();
  const [filter, setFilter] = useState<RecordFilter>({ status: '', currency: '' });
  const paged = usePaged<Deposit>(`coin-deposits:${filter.status}:${filter.currency}`, (page, size, after) =>
    call(fundingCoinEndpoints.deposits, recordQuery(filter, page, size, after), { silent: true }),
  );
  useLiveRecords(paged, DEPOSITS, FUNDING_STATUSES);
  const currencies = coins.status === 'ready' ? coins.data.list.map((coin) => coin.currency) : [];
  return (
    <Screen>
      <Navbar
        title={t('records.deposit_title')}
        right={
          <Link className="text-link" href={paths.cryptoRecharge} data-testid="records-deposit-new">
            {t('records.deposit_new')}
          </Link>
        }
      />
      <div className="screen__body funding-stack">
        <RecordFilters filter={filter} currencies={currencies} kind="deposit" onChange={setFilter} />
        <PullToRefresh onRefresh={() => paged.refresh({ keepMore: true })}>
          <RecordPages
            paged={paged}
            kind="deposit"
            empty={{ href: paths.cryptoRecharge, label: t('records.empty_deposit') }}
            line={(row: Deposit) => ({
              id: row.id,
              href: depositDetailHref(row),
              currency: row.currency,
              amount: row.amount,
              status: row.status,
              chain: row.chain,
              address: row.txHash,
              createdAt: row.createdAt,
            })}
          />
        </PullToRefresh>
      </div>
    </Screen>
  );
}
