import { Link } from 'wouter';
import { useTranslation } from '../../i18n/hook';
import { ChartIcon } from './chart-icon';

/** The way into the full chart: a whole-width row, so it reads as the chart's place on the screen. */
export function KlineLink({ href }: { href: string }) {
  const { t } = useTranslation('instrument');
  return (
    <Link href={href} className="kline-link card" data-testid="open-kline">
      <ChartIcon />
      <span className="kline-link__text">
        <strong>{t('chart.open')}</strong>
        <span>{t('chart.open_hint')}</span>
      </span>
      <span aria-hidden="true" className="kline-link__chevron">
        ›
      </span>
    </Link>
  );
}
