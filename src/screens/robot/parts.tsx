import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { Robot, RobotOrderStatus } from '../../../domain/protocol/robots';
import { FigureRows } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { robotHref, share, usdt } from './format';

const STATUS_TONE: Record<RobotOrderStatus, string> = { running: 'good', finished: 'wait', stopped: 'bad' };

export function OrderBadge({ status, testId }: { status: RobotOrderStatus; testId?: string }) {
  const { t } = useTranslation('robot');
  return (
    <span className={`ipo-badge ipo-badge--${STATUS_TONE[status]}`} data-status={status} data-testid={testId}>
      {t(`status.${status}`)}
    </span>
  );
}

/** The strategy's rules in words, with its own parameters (nothing hidden). */
export function RulesText({ robot }: { robot: Robot }) {
  const { t } = useTranslation('robot');
  const { lang } = useSnapshot(prefs);
  const p = robot.params;
  const rate = (v: string | number | undefined) => share(String(v ?? '0'), lang);
  const values = { ...p, takeProfit: rate(p['takeProfit']), step: rate(p['step']) };
  return <p className="ipo-head__summary">{t(`strategy.${robot.strategy}.rules`, values)}</p>;
}

/** Always beside the figures: they are past results, and nothing is promised. */
export function RiskNotice() {
  const { t } = useTranslation('robot');
  return (
    <aside className="notice-card robot-risk" role="note" data-testid="robot-risk">
      <strong>{t('risk.title')}</strong>
      <p>{t('risk.body')}</p>
    </aside>
  );
}

/** A robot on the list: level, strategy, terms and its measured record, labelled as past. */
export function RobotCard({ robot, to }: { robot: Robot; to?: string }) {
  const { t } = useTranslation('robot');
  const { lang } = useSnapshot(prefs);
  const tr = robot.track;
  return (
    <li>
      <Link className="tap-card ipo-card" href={robotHref(robot.id, to)} data-testid={`robot-${robot.id}`}>
        <span className="ipo-card__head">
          <span className="ipo-card__who">
            <span className="ipo-card__symbol">{t('level', { level: robot.level })}</span>
            <span className="ipo-card__name">{t(`strategy.${robot.strategy}.name`)}</span>
          </span>
          {robot.paused && <span className="ipo-badge ipo-badge--bad">{t('list.paused')}</span>}
        </span>
        <FigureRows
          rows={[
            { label: t('facts.symbol'), value: robot.symbol },
            {
              label: t('facts.lock'),
              value: t('facts.lock_range', { min: robot.lockDaysMin, max: robot.lockDaysMax }),
            },
            { label: t('facts.min'), value: usdt(robot.minCapital, lang) },
            { label: t('facts.max'), value: usdt(robot.maxCapital, lang) },
            {
              label: t('track.return'),
              value: tr.finished > 0 ? share(tr.returnRate, lang, true) : t('list.not_measured'),
              testId: `robot-${robot.id}-return`,
            },
            {
              label: t('track.runs'),
              value: t('track.runs_value', { count: tr.runs, finished: tr.finished }),
            },
          ]}
        />
      </Link>
    </li>
  );
}
