import './namespace';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import { formatTry } from '../../../domain/format/number';
import type { Locale } from '../../../domain/format/locale';
import type { FundingHours } from '../../../domain/protocol/funding';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { TitledScreen } from '../../components/screen';
import { FigureRows } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { BlockState, firstBlock } from '../../components/funding/block-state';
import { HoursNote } from '../../components/funding/hours-note';
import { paths } from '../../paths/paths';
import { fundingBankEndpoints } from '../../../domain/protocol/endpoints/funding-bank';
import { call } from '../../api/call';

const loadStatus = () => call(fundingBankEndpoints.depositStatus, {}, { silent: true });

/** `bankHours`: a TRY transfer waits for the bank's hours; a crypto transfer is reported at any hour. */
const METHODS = [
  { name: 'bank', href: paths.rechargeChannel, bankHours: true },
  { name: 'offline', href: paths.offlineRecharge, bankHours: true },
  // The crypto screens are the crypto funding work's; this hub only links to them.
  { name: 'crypto', href: paths.cryptoRecharge, bankHours: false },
] as const;

/** A bank method outside the bank's hours: when it opens again (or only that it is closed). */
function opensText(hours: FundingHours, t: TFunction<'funding'>, lang: Locale): string {
  return hours.nextOpen === null
    ? t('deposit.closed_body')
    : t('deposit.opens_at', { time: formatDateTime(hours.nextOpen, lang) });
}

/**
 * /pages/recharge/recharge (the drawer's deposit button): the ways to deposit, with the terms
 * read from GET /user/recharge/status up front — hours, limits — and, when the user cannot
 * deposit (demo, KYC…), why and what to do instead of the methods.
 */
export default function RechargeScreen() {
  const { t } = useTranslation('funding');
  const { lang } = useSnapshot(prefs);
  const status = useLiveData('recharge-status', loadStatus);
  let body;
  if (status.status === 'loading') body = <ListSkeleton rows={3} />;
  else if (status.status === 'error') body = <ErrorState error={status.error} onRetry={status.reload} />;
  else {
    const data = status.data;
    // Closed hours stop the bank methods only (the server refuses TRY requests, never a crypto
    // report): they stay listed, marked closed with the next opening, beside the crypto method.
    const block = firstBlock(data.blocks.filter((entry) => entry !== 'FUNDING_CLOSED'));
    const closed = data.blocks.includes('FUNDING_CLOSED') || !data.hours.open;
    const money = (value: string) => formatTry(value, lang);
    body = (
      <>
        <HoursNote hours={data.hours} label={t('deposit.bank_hours')} />
        <FigureRows
          rows={[
            {
              label: t('deposit.limits'),
              value: t('deposit.range', { min: money(data.minAmount), max: money(data.maxAmount) }),
              testId: 'recharge-limits',
            },
            ...(data.pending > 0
              ? [
                  {
                    label: t('deposit.pending_count'),
                    value: String(data.pending),
                    testId: 'recharge-pending',
                  },
                ]
              : []),
          ]}
        />
        {block ? (
          <BlockState block={block} hours={data.hours} />
        ) : (
          <MethodList hours={data.hours} closed={closed} />
        )}
        <Link className="text-link" href={paths.rechargeRecord} data-testid="recharge-records">
          {t('deposit.records')}
        </Link>
      </>
    );
  }
  return (
    <TitledScreen className="funding-screen" title={t('deposit.title')}>
      {body}
    </TitledScreen>
  );
}

/** The ways to deposit; outside the bank's hours a bank method is shown closed, with its next opening. */
function MethodList({ hours, closed }: { hours: FundingHours; closed: boolean }) {
  const { t } = useTranslation('funding');
  const { lang } = useSnapshot(prefs);
  return (
    <ul className="card-list" data-testid="recharge-methods">
      {METHODS.map((method) =>
        closed && method.bankHours ? (
          <li key={method.name}>
            <div
              className="funding-row funding-row--closed"
              aria-disabled="true"
              data-testid={`recharge-${method.name}`}
            >
              <span className="funding-row__main">
                <span className="funding-row__title">{t(`deposit.method_${method.name}`)}</span>
                <span className="funding-row__sub" data-testid={`recharge-${method.name}-opens`}>
                  {opensText(hours, t, lang)}
                </span>
              </span>
              <span className="status-badge status-badge--closed">{t('deposit.closed')}</span>
            </div>
          </li>
        ) : (
          <li key={method.name}>
            <Link className="funding-row" href={method.href} data-testid={`recharge-${method.name}`}>
              <span className="funding-row__main">
                <span className="funding-row__title">{t(`deposit.method_${method.name}`)}</span>
                <span className="funding-row__sub">{t(`deposit.method_${method.name}_body`)}</span>
              </span>
              <span className="funding-row__chevron" aria-hidden="true">
                ›
              </span>
            </Link>
          </li>
        ),
      )}
    </ul>
  );
}
