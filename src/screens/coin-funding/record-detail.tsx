import '../../styles/coin-funding.css';
import '../../styles/records.css';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import { formatIban, normaliseIban } from '../../../domain/funding/iban';
import { FUNDING_STATUSES, type Deposit, type Withdrawal } from '../../../domain/protocol/funding';
import { isApiError } from '../../api/request';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { useRecordChanges, withStatus } from '../../market/use-record-changes';
import { FigureRows, type FigureRow } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { useCoinAmount } from './coin-chain-picker';
import { CopyButton } from './copy-button';
import { StatusBadge } from './status-badge';
import { useBankName } from '../../components/funding/bank-name';
import { getDeposit, getWithdrawal } from './record-calls';
import { CancelWithdrawal } from './cancel-withdrawal';

export type RecordRef = { type: 'deposit' | 'withdrawal'; id: string; kind: string | null };

type Loaded = { type: 'deposit'; row: Deposit } | { type: 'withdrawal'; row: Withdrawal };

/** Tries `first`; a record it does not hold (`missing`) is looked for with `second`. */
async function eitherKind<T>(missing: string, first: () => Promise<T>, second: () => Promise<T>): Promise<T> {
  try {
    return await first();
  } catch (error) {
    if (isApiError(error) && error.key === missing) return second();
    throw error;
  }
}

/**
 * A record by its kind: crypto ones from the /coin lists, bank and offline ones from the /user
 * lists. A link that does not say which (one from elsewhere) tries crypto, then bank.
 */
async function loadRecord(ref: RecordRef): Promise<Loaded> {
  const silent = { silent: true };
  const crypto = ref.kind === 'crypto';
  const any = ref.kind === null;
  if (ref.type === 'withdrawal') {
    const coin = () => getWithdrawal('coin', ref.id, silent);
    const bank = () => getWithdrawal('bank', ref.id, silent);
    const row = any ? await eitherKind('WITHDRAWAL_NOT_FOUND', coin, bank) : await (crypto ? coin : bank)();
    return { type: 'withdrawal', row };
  }
  const coin = () => getDeposit('coin', ref.id, silent);
  const bank = () => getDeposit('bank', ref.id, silent);
  const row = any ? await eitherKind('DEPOSIT_NOT_FOUND', coin, bank) : await (crypto ? coin : bank)();
  return { type: 'deposit', row };
}

/** Characters kept at the end of a long value: what people compare after its start. */
const TAIL = 8;

/**
 * A long value (hash, address) on one line, cut in the middle when it does not fit (its start
 * and its last characters stay, as people compare them), with a compact copy button named for it.
 * The whole value is still there to select and read out (the line is its two parts), and to copy.
 */
function Copyable({ text, testId, name }: { text: string; testId: string; name: string }) {
  const cut = text.length > TAIL * 2;
  return (
    <span className="copy-value">
      <span className="copy-value__text" data-testid={testId} title={text}>
        <span className="copy-value__head">{cut ? text.slice(0, -TAIL) : text}</span>
        {cut && <span className="copy-value__tail">{text.slice(-TAIL)}</span>}
      </span>
      <CopyButton text={text} testId={`${testId}-copy`} name={name} />
    </span>
  );
}

function useRows(loaded: Loaded): FigureRow[] {
  const { t } = useTranslation('coinFunding');
  const bankNameOf = useBankName();
  const { lang } = useSnapshot(prefs);
  const amount = useCoinAmount();
  const none = t('detail.none');
  const when = (ms: number | null) => (ms === null ? none : formatDateTime(ms, lang));
  const { row } = loaded;
  const rows: (FigureRow | false)[] = [
    { label: t('detail.amount'), value: amount(row.amount, row.currency), testId: 'detail-amount' },
    loaded.type === 'withdrawal' && {
      label: t('detail.fee'),
      value: amount(loaded.row.fee, row.currency),
      testId: 'detail-fee',
    },
    loaded.type === 'withdrawal' && {
      label: t('detail.receive'),
      value: amount(loaded.row.receive, row.currency),
      testId: 'detail-receive',
      tone: 'strong',
    },
    row.chain !== null && { label: t('detail.chain'), value: row.chain, testId: 'detail-chain' },
    row.address !== null && {
      label: t('detail.address'),
      value: <Copyable text={row.address} testId="detail-address" name={t('detail.address')} />,
    },
    loaded.type === 'withdrawal' &&
      loaded.row.card !== null && {
        label: t('detail.card'),
        value: `${bankNameOf(loaded.row.card.bankName)} ${loaded.row.card.accountNumber}`,
        testId: 'detail-card',
      },
    loaded.type === 'deposit' &&
      loaded.row.channel !== null && {
        label: t('detail.card'),
        // Grouped in fours like every other IBAN on screen (the record carries it ungrouped).
        value: `${loaded.row.channel.bankName} ${formatIban(normaliseIban(loaded.row.channel.iban))}`,
        testId: 'detail-channel',
      },
    loaded.type === 'deposit' &&
      loaded.row.referenceCode !== null && {
        label: t('detail.reference'),
        value: loaded.row.referenceCode,
        testId: 'detail-reference',
      },
    row.txHash !== null && {
      label: t('detail.tx_hash'),
      value: <Copyable text={row.txHash} testId="detail-hash" name={t('detail.tx_hash')} />,
    },
    row.reason !== null && { label: t('detail.reason'), value: row.reason, testId: 'detail-reason' },
    { label: t('detail.created'), value: when(row.createdAt), testId: 'detail-created' },
    { label: t('detail.decided'), value: when(row.decidedAt), testId: 'detail-decided' },
    loaded.type === 'withdrawal' && {
      label: t('detail.cancelled'),
      value: when(loaded.row.cancelledAt),
      testId: 'detail-cancelled',
    },
  ];
  return rows.filter((r): r is FigureRow => r !== false);
}

/** The ledger postings behind a movement: the user can quote them to support, and find them in funds detail. */
function ledgerRows(
  loaded: Loaded,
  t: (key: 'detail.transaction' | 'detail.hold' | 'detail.settle' | 'detail.none') => string,
) {
  const refs: [string, string | null, string][] =
    loaded.type === 'deposit'
      ? [[t('detail.transaction'), loaded.row.transactionId, 'detail-transaction']]
      : [
          [t('detail.hold'), loaded.row.holdTransactionId, 'detail-hold'],
          [t('detail.settle'), loaded.row.settleTransactionId, 'detail-settle'],
        ];
  // Not booked yet (pending) reads as a dash: the row says where the reference will be.
  return refs.map(([label, id, testId]) => ({ label, value: id ?? t('detail.none'), testId }));
}

function DetailBody({ loaded, onChanged }: { loaded: Loaded; onChanged: () => void }) {
  const { t } = useTranslation('coinFunding');
  const rows = useRows(loaded);
  const kindLabel = t(`detail.kind_${loaded.row.kind}`);
  return (
    <div className="funding-stack" data-testid={`detail-${loaded.type}`}>
      <section className="funding-card">
        <p className="field-label">
          {t(loaded.type === 'deposit' ? 'detail.deposit' : 'detail.withdrawal')} · {kindLabel} ·{' '}
          {loaded.row.currency}
        </p>
        <StatusBadge status={loaded.row.status} kind={loaded.type} testId="detail-status" />
        <FigureRows rows={rows} testId="detail-rows" />
        {/* What the pending sheet promised: cancellable until it is decided, here as in the list. */}
        {loaded.type === 'withdrawal' && loaded.row.status === 'pending' && (
          <CancelWithdrawal withdrawal={loaded.row} onDone={onChanged} />
        )}
      </section>
      <section className="funding-card" aria-label={t('detail.transaction')}>
        <FigureRows rows={ledgerRows(loaded, (key) => t(key))} testId="detail-ledger" />
      </section>
    </div>
  );
}

/** Loads and shows one deposit or withdrawal of the user's: every figure, time and ledger reference. */
export function RecordDetail({
  record,
  back,
}: {
  record: RecordRef;
  /** Where a record that is not there (a stale link, a bad id) leads: its list. */
  back?: { href: string; label: string };
}) {
  const data = useLiveData(`record:${record.type}:${record.kind ?? ''}:${record.id}`, () =>
    loadRecord(record),
  );
  // A decision shows at once (the status), then the record is read again (times, references).
  useRecordChanges([record.type], data.refresh, (change) =>
    data.update((loaded) =>
      loaded.type === 'deposit'
        ? { ...loaded, row: withStatus(loaded.row, change, FUNDING_STATUSES) }
        : { ...loaded, row: withStatus(loaded.row, change, FUNDING_STATUSES) },
    ),
  );
  if (data.status === 'loading') return <ListSkeleton rows={5} />;
  if (data.status === 'error') return <ErrorState error={data.error} onRetry={data.reload} back={back} />;
  return <DetailBody loaded={data.data} onChanged={() => void data.refresh()} />;
}
