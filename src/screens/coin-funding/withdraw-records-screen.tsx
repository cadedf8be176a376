import './namespace';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { FUNDING_STATUSES, type Withdrawal } from '../../../domain/protocol/funding';
import { useLiveRecords } from '../../components/content/use-live-records';
import { usePaged } from '../../components/content/use-paged';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { CancelWithdrawal } from './cancel-withdrawal';
import { recordQuery, RecordFilters, RecordPages, type RecordFilter } from './record-parts';
import { useCoins } from './use-coins';
import { PullToRefresh } from '../../components/pull/pull-to-refresh';
import { itemHref, paths } from '../../paths/paths';
import { fundingCoinEndpoints } from '../../../domain/protocol/endpoints/funding-coin';
import { call } from '../../api/call';

export const withdrawalDetailHref = (id: string) => itemHref(paths.cryptoWithdrawDetail, id);

const WITHDRAWALS = ['withdrawal'] as const;

/**
 * /pages/withdraw/cryptoRecord: the user's crypto withdrawals, filtered by status and coin; a
 * pending one can be cancelled here (after a confirmation), each opens its detail.
 */
export default function WithdrawRecordsScreen() {
  const { t } = useTranslation('coinFunding');
  const coins = useCoins();
  const [filter, setFilter] = useState<RecordFilter>({ status: '', currency: '' });
  const paged = usePaged<Withdrawal>(
    `coin-withdrawals:${filter.status}:${filter.currency}`,
    (page, size, after) =>
      call(fundingCoinEndpoints.withdrawals, recordQuery(filter, page, size, after), { silent: true }),
  );
  useLiveRecords(paged, WITHDRAWALS, FUNDING_STATUSES);
  const currencies = coins.status === 'ready' ? coins.data.list.map((coin) => coin.currency) : [];
  return (
    <Screen>
      <Navbar title={t('records.withdraw_title')} />
      <div className="screen__body funding-stack">
        <RecordFilters filter={filter} currencies={currencies} kind="withdrawal" onChange={setFilter} />
        <PullToRefresh onRefresh={() => paged.refresh({ keepMore: true })}>
          <RecordPages
            paged={paged}
            kind="withdrawal"
            empty={{ href: paths.cryptoWithdraw, label: t('records.empty_withdraw') }}
            line={(row: Withdrawal) => ({
              id: row.id,
              href: withdrawalDetailHref(row.id),
              currency: row.currency,
              amount: row.amount,
              status: row.status,
              chain: row.chain,
              address: row.address,
              createdAt: row.createdAt,
            })}
            action={(row: Withdrawal) =>
              row.status === 'pending' ? (
                <CancelWithdrawal withdrawal={row} onDone={() => void paged.refresh()} />
              ) : null
            }
          />
        </PullToRefresh>
      </div>
    </Screen>
  );
}
