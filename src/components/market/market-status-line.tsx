import '../../styles/market.css';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDate, formatDateTime, formatTime } from '../../../domain/format/date';
import type { Locale } from '../../../domain/format/locale';
import type { MarketStatus } from '../../../domain/protocol/market';
import { prefs } from '../../state/prefs';

/** Time alone when it falls on the status's own Istanbul day, date and time otherwise. */
function when(ms: number, now: number, locale: Locale): string {
  return formatDate(ms) === formatDate(now) ? formatTime(ms, locale) : formatDateTime(ms, locale);
}

/** "BIST open · closes 18:00" / "BIST closed · opens 05-01-2026 10:00" (DECISIONS §5). */
export function MarketStatusLine({ status }: { status: MarketStatus }) {
  const { t } = useTranslation('market');
  const { lang } = useSnapshot(prefs);
  let text: string;
  if (status.state === 'always_open') text = t('status.always_open');
  else if (status.open)
    text =
      status.nextClose === null
        ? t('status.open')
        : t('status.open_until', { time: when(status.nextClose, status.ts, lang) });
  else {
    const reason = t(`status.reason.${status.state}`);
    text =
      status.nextOpen === null
        ? t('status.closed', { reason })
        : t('status.closed_until', { reason, time: when(status.nextOpen, status.ts, lang) });
  }
  const open = status.open || status.state === 'always_open';
  return (
    <p
      className={`market-status market-status--${open ? 'open' : 'closed'}`}
      data-testid="market-status"
      data-state={status.state}
    >
      <span className="market-status__dot" aria-hidden="true" />
      {text}
    </p>
  );
}
