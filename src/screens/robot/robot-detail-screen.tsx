import './namespace';
import '../../i18n/instrument';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import { formatDateTime } from '../../../domain/format/date';
import type { Robot, RobotOrder } from '../../../domain/protocol/robots';
import { getAssets } from '../../state/assets';
import { robotEndpoints } from '../../../domain/protocol/endpoints/robots';
import { call } from '../../api/call';
import { DonePanel } from '../../components/trade/done-panel';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { NotReady } from './not-ready';
import { useLiveData } from '../../components/content/use-live-data';
import { useBalancesRefetch } from '../../market/use-private-refetch';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { FigureRows } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { session } from '../../state/session';
import { BuyForm } from './buy-form';
import { idFromSearch, robotHref, ROBOT_LIST_PATH, ROBOT_ORDER_PATH, share, usdt } from './format';
import { RiskNotice, RulesText } from './parts';
import { BacktestBlock, TrackBlock } from './record-blocks';
import { RobotBrowser } from './robot-browser';
import { SubjectHead } from '../../components/trade/subject-head';
import { paths } from '../../paths/paths';
import { ButtonLink } from '../../components/button';

const loadAssets = () => getAssets({ silent: true });

function Facts({ robot }: { robot: Robot }) {
  const { t } = useTranslation(['robot', 'instrument']);
  const { lang } = useSnapshot(prefs);
  return (
    <FigureRows
      testId="robot-facts"
      rows={[
        { label: t('facts.symbol'), value: robot.symbol },
        {
          label: t('facts.interval'),
          // The chart chips' label ("1s" for 1h on tr-TR), not the wire code.
          // "1 saatlik", not the chart chip's "1s", which in a sentence reads as one second.
          value: t(`facts.intervals.${robot.interval}`, { defaultValue: robot.interval }),
          testId: 'robot-interval',
        },
        {
          label: t('facts.lock'),
          value: t('facts.lock_range', { min: robot.lockDaysMin, max: robot.lockDaysMax }),
        },
        { label: t('facts.min'), value: usdt(robot.minCapital, lang) },
        { label: t('facts.max'), value: usdt(robot.maxCapital, lang) },
        { label: t('facts.fee'), value: share(robot.feeRate, lang) },
        { label: t('facts.tax'), value: share(robot.taxRate, lang, false, 0), testId: 'robot-tax' },
        {
          label: t('facts.penalty'),
          value: t('facts.penalty_value', { rate: share(robot.penaltyRate, lang) }),
        },
      ]}
    />
  );
}

function Bought({ order }: { order: RobotOrder }) {
  const { t } = useTranslation('robot');
  const { lang } = useSnapshot(prefs);
  return (
    <DonePanel
      testId="robot-bought"
      title={t('buy.done_title')}
      body={t('buy.done_body', {
        amount: usdt(order.capital, lang),
        date: formatDateTime(order.endsAt, lang),
      })}
      actions={[
        {
          href: robotHref(order.id, ROBOT_ORDER_PATH),
          label: t('buy.done_open'),
          testId: 'robot-bought-open',
          primary: true,
        },
      ]}
    />
  );
}

function Purchase({ robot, onChanged }: { robot: Robot; onChanged: () => void }) {
  const { t } = useTranslation('robot');
  const assets = useLiveData('user-assets', loadAssets);
  // Another tab's order or a transfer moves what this form offers (the broker re-checks it).
  useBalancesRefetch(assets.refresh);
  const [done, setDone] = useState<RobotOrder | null>(null);
  if (done) return <Bought order={done} />;
  if (robot.paused) return <p className="notice-card">{t('buy.paused')}</p>;
  if (assets.status === 'loading') return <ListSkeleton rows={2} />;
  if (assets.status === 'error') return <ErrorState error={assets.error} onRetry={assets.reload} />;
  const free = assets.data.balances.find((b) => b.wallet === 'coin' && b.currency === 'USDT');
  const refresh = assets.refresh;
  return (
    <BuyForm
      robot={robot}
      available={free?.available ?? '0'}
      onBought={(order) => {
        setDone(order);
        refresh();
        onChanged();
      }}
      onRefused={() => {
        refresh();
        onChanged();
      }}
    />
  );
}

function DetailBody({ id }: { id: string }) {
  const { t } = useTranslation('robot');
  const signedIn = useSnapshot(session).userToken !== '';
  const load = useCallback(() => call(robotEndpoints.info, { id }, { silent: true }), [id]);
  const info = useLiveData(`robot-${id}`, load);
  // A link naming no robot (stale or mistyped) leads to the robots on offer, not a retry.
  if (info.status !== 'ready')
    return <NotReady live={info} rows={6} back={{ href: ROBOT_LIST_PATH, label: t('list.title') }} />;
  const { robot, backtest } = info.data;
  const reload = info.refresh;
  return (
    <div className="ipo-stack" data-testid="robot-detail">
      <SubjectHead symbol={t('level', { level: robot.level })} name={t(`strategy.${robot.strategy}.name`)}>
        <RulesText robot={robot} />
      </SubjectHead>
      <Facts robot={robot} />
      <RiskNotice />
      <TrackBlock robot={robot} />
      <BacktestBlock test={backtest} />
      {signedIn ? (
        <Purchase robot={robot} onChanged={reload} />
      ) : (
        <ButtonLink href={paths.login}>{t('buy.sign_in')}</ButtonLink>
      )}
    </div>
  );
}

/** /pages/robot/detail?id=: one robot, its record, backtest, risk and purchase; without an id, the robots. */
export default function RobotDetailScreen() {
  const { t } = useTranslation('robot');
  const id = idFromSearch(useSearch());
  return (
    <Screen className="ipo-screen">
      <Navbar title={t(id === null ? 'list.title' : 'list.detail_title')} />
      <div className="screen__body">
        {id === null ? (
          <div className="ipo-stack" data-testid="robot-chooser">
            <p className="lead">{t('list.choose')}</p>
            <RobotBrowser />
          </div>
        ) : (
          <DetailBody key={id} id={id} />
        )}
      </div>
    </Screen>
  );
}
