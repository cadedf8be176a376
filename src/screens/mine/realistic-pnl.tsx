import '../../i18n/content-pages';
import { useTranslation } from '../../i18n/hook';
import { formatMoney } from '../../../domain/format/number';
import type { Locale } from '../../../domain/format/locale';
import type { RealisticPnl } from '../../../domain/protocol/account';
import { Button } from '../../components/button';
import { toneClass } from '../../components/tone';

const LINES = ['slippage', 'fees', 'taxes', 'queue'] as const;

/** A canonical wire decimal with the other sign ('0' stays '0'). */
const negated = (value: string) =>
  value.startsWith('-') ? value.slice(1) : /^0(\.0*)?$/.test(value) ? value : `-${value}`;

/** A P&L figure in its cash, signed and coloured by its direction. */
function Signed({ value, testId, locale }: { value: string; testId: string; locale: Locale }) {
  return (
    <dd className={`num ${toneClass(value)}`} data-testid={testId}>
      {formatMoney(value, locale, { decimals: 2, signed: true })}
    </dd>
  );
}

function WalletPnl({ row, locale }: { row: RealisticPnl; locale: Locale }) {
  const { t } = useTranslation('content');
  const id = `assets-realistic-${row.wallet}`;
  return (
    <li className="balance-row pnl-compare__wallet" data-testid={id}>
      <span className="balance-row__currency">
        {t('assets.realistic.wallet', {
          wallet: t(`assets.wallet_title.${row.wallet}`),
          currency: row.currency,
        })}
      </span>
      <dl className="balance-row__figures pnl-compare__pair">
        <div className="balance-row__figure">
          <dt>{t('assets.realistic.paper')}</dt>
          <Signed value={row.paper} testId={`${id}-paper`} locale={locale} />
        </div>
        <div className="balance-row__figure">
          <dt>{t('assets.realistic.realistic')}</dt>
          <Signed value={row.realistic} testId={`${id}-realistic`} locale={locale} />
        </div>
      </dl>
      <p className="pnl-compare__heading">{t('assets.realistic.difference')}</p>
      <dl className="pnl-compare__lines">
        {LINES.map((line) => (
          // A line is what the real venue cost more: on the P&L it counts with the other sign.
          <div key={line} className="pnl-compare__line" title={t(`assets.realistic.line_help.${line}`)}>
            <dt>{t(`assets.realistic.lines.${line}`)}</dt>
            <Signed value={negated(row[line])} testId={`${id}-${line}`} locale={locale} />
          </div>
        ))}
      </dl>
      {row.priced < row.fills && (
        <p className="hint" data-testid={`${id}-priced`}>
          {t('assets.realistic.priced', { priced: row.priced, fills: row.fills })}
        </p>
      )}
    </li>
  );
}

/**
 * The account's realised P&L on paper beside what the same fills would have made on a real venue
 * (/user/assets `realistic`, docs/real-costs.md), per spot wallet and the contract one, with the lines that made the
 * difference. `rows` absent or empty: no fills yet; null: the broker could not read it this time.
 */
export function RealisticPnlCard({
  rows,
  locale,
  onRetry,
}: {
  rows: readonly RealisticPnl[] | null | undefined;
  locale: Locale;
  onRetry: () => void;
}) {
  const { t } = useTranslation('content');
  let body;
  if (rows === null)
    body = (
      <div className="pnl-compare__state" role="alert" data-testid="assets-realistic-error">
        <p>{t('assets.realistic.error')}</p>
        <Button testId="assets-realistic-retry" onClick={onRetry}>
          {t('action.retry', { ns: 'common' })}
        </Button>
      </div>
    );
  else if (!rows || rows.length === 0)
    body = (
      <div className="pnl-compare__state" data-testid="assets-realistic-empty">
        <p className="pnl-compare__empty-title">{t('assets.realistic.empty')}</p>
        <p className="hint">{t('assets.realistic.empty_body')}</p>
      </div>
    );
  else
    body = (
      <ul className="wallet-card__rows">
        {rows.map((row) => (
          <WalletPnl key={row.wallet} row={row} locale={locale} />
        ))}
      </ul>
    );
  return (
    <section
      className="wallet-card pnl-compare"
      aria-labelledby="assets-realistic"
      data-testid="assets-realistic"
    >
      <h2 id="assets-realistic" className="wallet-card__title">
        {t('assets.realistic.title')}
      </h2>
      <p className="hint">{t('assets.realistic.intro')}</p>
      {body}
    </section>
  );
}
