import './namespace';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import Decimal from 'decimal.js';
import { formatLocalDate } from '../../../domain/format/date';
import { formatDecimal, formatPercent, formatTry } from '../../../domain/format/number';
import type { Advice, AdviceList, TrackRecord } from '../../../domain/protocol/membership';
import { formatChance } from '../../components/trade/primary-format';
import { prefs } from '../../state/prefs';
import { Link } from 'wouter';
import { stockHref } from './paths';

/** How past signals of this kind did: labelled as past results, never as a promise. */
export function RecordLine({ record }: { record: TrackRecord | undefined }) {
  const { t } = useTranslation('membership');
  const { lang } = useSnapshot(prefs);
  if (!record || record.signals === 0 || record.hitRate === null || record.averageReturn === null)
    return <p className="mem-note">{t('advice.record_none')}</p>;
  return (
    <div className="mem-advice__record" data-testid={`advice-record-${record.kind}`}>
      <span className="mem-note">{t('advice.record_title')}</span>
      <span className="num">
        {t('advice.record', {
          signals: record.signals,
          hits: record.hits,
          rate: formatChance(record.hitRate, lang),
        })}
      </span>
      <span className="num">
        {t('advice.record_return', {
          value: formatPercent(new Decimal(record.averageReturn).times(100).toFixed(), lang),
        })}
      </span>
    </div>
  );
}

/** One piece of advice: the stock, the signal and why, entry / stop / target, and its kind's record. */
export function AdviceCard({ advice, list }: { advice: Advice; list: AdviceList }) {
  const { t } = useTranslation('membership');
  const { lang } = useSnapshot(prefs);
  const f = advice.facts;
  const date = formatLocalDate(advice.signalAt, lang);
  // Facts come as canonical decimals ("21.20"): shown in the user's format ("21,20" in tr-TR).
  const num = (value: string | undefined) =>
    formatDecimal(value ?? '', lang, { decimals: 2, minDecimals: value?.includes('.') ? 2 : 0 });
  const rationale =
    advice.kind === 'ma_cross'
      ? t('advice.rationale.ma_cross', { date, fast: f.fast, slow: f.slow })
      : advice.kind === 'rsi_oversold'
        ? t('advice.rationale.rsi_oversold', {
            date,
            period: f.period,
            level: num(f.level),
            value: num(f.rsi),
          })
        : t('advice.rationale.bollinger_breakout', { date, period: f.period, band: num(f.band) });
  return (
    <article className="surface-card mem-card" data-testid={`advice-${advice.symbol}-${advice.kind}`}>
      <div className="split-row mem-card__head">
        <Link href={stockHref(advice.symbol)} className="mem-card__question mem-advice__symbol">
          {advice.symbol}
        </Link>
        <span className="mem-badge mem-badge--on">{t('advice.buy')}</span>
      </div>
      <span className="mem-note">{advice.name}</span>
      <strong>{t(`advice.kind.${advice.kind}`)}</strong>
      <p className="mem-card__body">{rationale}</p>
      <dl className="mem-advice__levels">
        <div>
          <dt>{t('advice.entry')}</dt>
          <dd className="num">{formatTry(advice.entry, lang)}</dd>
        </div>
        <div>
          <dt>{t('advice.stop')}</dt>
          <dd className="num mem-down">{formatTry(advice.stop, lang)}</dd>
        </div>
        <div>
          <dt>{t('advice.target')}</dt>
          <dd className="num mem-up">{formatTry(advice.target, lang)}</dd>
        </div>
      </dl>
      <p className="mem-note">
        {t('advice.rationale.levels', { lookback: list.stopLookback, reward: list.rewardRisk })}
      </p>
      <RecordLine record={list.records.find((r) => r.kind === advice.kind)} />
    </article>
  );
}
