import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { Robot, RobotBacktest } from '../../../domain/protocol/robots';
import { FigureBlock, FigureRows } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { share, usdt } from './format';
import { toneOf } from '../../components/tone';

const W = 320;
const H = 140;
const PAD = 8;

/** The measured record (domain/robots/track.ts), always labelled as past results. */
export function TrackBlock({ robot }: { robot: Robot }) {
  const { t } = useTranslation('robot');
  const { lang } = useSnapshot(prefs);
  const tr = robot.track;
  return (
    <FigureBlock
      block="ipo-block"
      title={t('track.title')}
      testId="robot-track"
      note={[
        tr.finished === 0 ? t('track.none') : null,
        t('track.note'),
        // Runs recorded before runs were marked, their bars gone: their fall is their fills'.
        tr.fillsOnly > 0 ? t('track.fills_only', { count: tr.fillsOnly }) : null,
      ]
        .filter((part) => part !== null)
        .join(' ')}
      rows={[
        {
          label: t('track.runs'),
          value: t('track.runs_value', { count: tr.runs, finished: tr.finished }),
          testId: 'track-runs',
        },
        {
          label: t('track.return'),
          value: share(tr.returnRate, lang, true),
          tone: toneOf(tr.returnRate),
          testId: 'track-return',
        },
        { label: t('track.daily'), value: share(tr.dailyRate, lang, true, 3), testId: 'track-daily' },
        { label: t('track.drawdown'), value: share(tr.maxDrawdown, lang), testId: 'track-drawdown' },
        {
          label: t('track.win_rate'),
          value:
            tr.winRate === null
              ? '--'
              : t('track.win_value', { rate: share(tr.winRate, lang), wins: tr.wins, sells: tr.sells }),
          testId: 'track-win-rate',
        },
      ]}
    />
  );
}

/** Display-only coordinates of the two value curves; the labelled figures are the server's. */
function Chart({ test }: { test: RobotBacktest }) {
  const { t } = useTranslation('robot');
  const values = test.curve.flatMap((p) => [Number(p.robot), Number(p.hold)]);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = hi - lo || 1;
  const n = Math.max(1, test.curve.length - 1);
  const path = (pick: 'robot' | 'hold') =>
    test.curve
      .map((p, i) => {
        const x = PAD + (i / n) * (W - 2 * PAD);
        const y = PAD + ((hi - Number(p[pick])) / span) * (H - 2 * PAD);
        return `${x.toFixed(1)},${y.toFixed(1)}`;
      })
      .join(' ');
  return (
    <figure className="robot-figure">
      <svg className="robot-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('backtest.chart')}>
        <polyline className="robot-chart__hold" points={path('hold')} />
        <polyline className="robot-chart__robot" points={path('robot')} />
      </svg>
      <figcaption className="robot-legend">
        <span className="robot-legend__robot">{t('backtest.robot')}</span>
        <span className="robot-legend__hold">{t('backtest.hold')}</span>
      </figcaption>
    </figure>
  );
}

/** The backtest beside buy-and-hold, with its period, capital and the words "past result". */
export function BacktestBlock({ test }: { test: RobotBacktest | null }) {
  const { t } = useTranslation('robot');
  const { lang } = useSnapshot(prefs);
  return (
    <section className="ipo-block" aria-label={t('backtest.title')} data-testid="robot-backtest">
      <h2 className="section-title">{t('backtest.title')}</h2>
      {test === null ? (
        <p className="hint">{t('backtest.none')}</p>
      ) : (
        <>
          <Chart test={test} />
          <FigureRows
            rows={[
              {
                label: `${t('backtest.return')} · ${t('backtest.robot')}`,
                value: share(test.returnRate, lang, true),
                tone: toneOf(test.returnRate),
                testId: 'backtest-return',
              },
              {
                label: `${t('backtest.return')} · ${t('backtest.hold')}`,
                value: share(test.holdReturnRate, lang, true),
                tone: toneOf(test.holdReturnRate),
                testId: 'backtest-hold',
              },
              { label: t('backtest.drawdown'), value: share(test.maxDrawdown, lang) },
              { label: t('backtest.trades'), value: String(test.trades) },
            ]}
          />
          <p className="hint">
            {t('backtest.note', {
              bars: test.bars,
              from: formatDateTime(test.from, lang),
              to: formatDateTime(test.to, lang),
              capital: usdt(test.capital, lang),
            })}
          </p>
        </>
      )}
    </section>
  );
}
