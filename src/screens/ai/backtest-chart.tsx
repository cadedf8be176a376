import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import type { AiBacktest } from '../../../domain/protocol/ai-products';
import { FigureRows } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { formatRatio } from './ai-format';
import { toneOf } from '../../components/tone';

const W = 320;
const H = 120;

/** Both series on one scale, as SVG points: display only, so floats are fine (ARCHITECTURE rule 4). */
function paths(points: AiBacktest['points']): { model: string; index: string } {
  const values = points.flatMap((p) => [Number(p.value), Number(p.index)]);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const x = (i: number) => (points.length < 2 ? 0 : (i / (points.length - 1)) * W);
  const y = (v: number) => H - ((v - low) / span) * (H - 8) - 4;
  const line = (pick: (p: AiBacktest['points'][number]) => string) =>
    points.map((p, i) => `${x(i).toFixed(1)},${y(Number(pick(p))).toFixed(1)}`).join(' ');
  return { model: line((p) => p.value), index: line((p) => p.index) };
}

/** The rule replayed on past daily prices beside its index (DECISIONS §2: a past result). */
export function BacktestBlock({ backtest, index }: { backtest: AiBacktest | null; index: string }) {
  const { t } = useTranslation('ai');
  const { lang } = useSnapshot(prefs);
  return (
    <section className="ai-block" aria-labelledby="ai-backtest-title" data-testid="ai-backtest">
      <h2 id="ai-backtest-title" className="section-title">
        {t('backtest.title')}
      </h2>
      {backtest === null || backtest.points.length === 0 ? (
        <p className="hint">{t('backtest.none')}</p>
      ) : (
        <>
          <svg
            className="ai-chart"
            viewBox={`0 0 ${W} ${H}`}
            preserveAspectRatio="none"
            role="img"
            aria-label={t('backtest.chart', {
              model: formatRatio(backtest.return, lang),
              index: formatRatio(backtest.indexReturn, lang),
            })}
          >
            <polyline className="ai-chart__index" points={paths(backtest.points).index} />
            <polyline className="ai-chart__model" points={paths(backtest.points).model} />
          </svg>
          <p className="ai-legend" aria-hidden="true">
            <span className="ai-legend__item ai-legend__item--model">{t('backtest.model')}</span>
            <span className="ai-legend__item ai-legend__item--index">{t('backtest.index', { index })}</span>
          </p>
          <FigureRows
            rows={[
              {
                label: t('backtest.model'),
                value: formatRatio(backtest.return, lang),
                testId: 'ai-backtest-return',
                ...(toneOf(backtest.return) ? { tone: toneOf(backtest.return) } : {}),
              },
              {
                label: t('backtest.index', { index }),
                value: formatRatio(backtest.indexReturn, lang),
                ...(toneOf(backtest.indexReturn) ? { tone: toneOf(backtest.indexReturn) } : {}),
              },
            ]}
          />
          <p className="hint">{t('backtest.days', { days: backtest.days })}</p>
        </>
      )}
    </section>
  );
}
