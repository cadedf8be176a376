import './replay-i18n';
import '../../styles/replay.css';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import { replayEndpoints } from '../../../domain/protocol/endpoints/replay';
import type { ReplayView } from '../../../domain/market-data/replay-feed';
import { REPLAY_SPEEDS } from '../../../domain/protocol/replay';
import { call } from '../../api/call';
import { Button, ButtonLink } from '../../components/button';
import { EmptyState, ErrorState, ListSkeleton, useErrorText } from '../../components/content/state-views';
import { Segmented } from '../../components/form/segmented';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { useTranslation } from '../../i18n/hook';
import { paths } from '../../paths/paths';
import { prefs } from '../../state/prefs';
import { ReplayAccount, ReplayTicket } from './session-parts';
import { ReplayMarket } from './session-market';
import { useReplay } from './use-replay';

const MINUTE = 60_000;
const JUMPS = [1, 5, 15] as const;

/** The replay's clock: its market time, speed, pause and resume, jumps forward, reset and end. */
function Clock({
  state,
  control,
  onEnd,
}: {
  state: ReplayView;
  control: (fields: {
    action: 'pause' | 'resume' | 'speed' | 'jump' | 'reset';
    speed?: (typeof REPLAY_SPEEDS)[number];
    at?: string;
  }) => void;
  onEnd: () => void;
}) {
  const { t } = useTranslation('replay');
  const { lang } = useSnapshot(prefs);
  const { clock } = state;
  return (
    <section
      className="replay-clock"
      aria-label={t('session.clock')}
      data-testid="replay-clock"
      data-paused={clock.paused}
    >
      <p className="replay-clock__time">
        <span className="replay-muted">{t('session.clock')}</span>
        <strong data-testid="replay-time" data-t={clock.t}>
          {formatDateTime(clock.t, lang)}
        </strong>
        <span className="replay-muted">{clock.paused ? t('session.paused') : t('session.running')}</span>
      </p>
      <Segmented
        label={t('list.speed')}
        value={clock.speed}
        onChange={(speed) => control({ action: 'speed', speed })}
        options={REPLAY_SPEEDS.map((s) => ({ value: s, label: `${s}×`, testId: `replay-speed-${s}` }))}
      />
      <div className="replay-clock__actions">
        <Button
          look="primary"
          onClick={() => control({ action: clock.paused ? 'resume' : 'pause' })}
          testId="replay-pause"
        >
          {clock.paused ? t('session.resume') : t('session.pause')}
        </Button>
        {JUMPS.map((minutes) => (
          <Button
            key={minutes}
            disabled={clock.t + minutes * MINUTE > clock.to}
            onClick={() => control({ action: 'jump', at: String(clock.t + minutes * MINUTE) })}
            testId={`replay-jump-${minutes}`}
          >
            {t('session.jump', { minutes })}
          </Button>
        ))}
      </div>
      <div className="replay-clock__actions">
        <Button onClick={() => control({ action: 'reset' })}>{t('session.reset')}</Button>
        <Button onClick={onEnd} testId="replay-end">
          {t('session.end')}
        </Button>
      </div>
    </section>
  );
}

/** /pages/replay/session?id=…: a running replay — its clock, chart, book, trades, ticket and paper account. */
export default function ReplaySessionScreen() {
  const { t } = useTranslation('replay');
  const errorText = useErrorText();
  const id = new URLSearchParams(useSearch()).get('id');
  const { load, refusal, act, end, retry } = useReplay(id);
  const [chosen, setChosen] = useState<string | null>(null);
  const state = load.status === 'ready' ? load.state : null;
  const symbol = chosen ?? state?.symbols[0] ?? '';
  const instrument = state?.instruments.find((i) => i.symbol === symbol);
  return (
    <Screen className="replay-screen">
      <Navbar title={t('session.title')} />
      <div className="screen__body">
        {!id && (
          <EmptyState
            title={t('session.missing')}
            action={<ButtonLink href={paths.replayList}>{t('session.to_list')}</ButtonLink>}
          />
        )}
        {id && load.status === 'loading' && <ListSkeleton rows={3} label={t('session.title')} />}
        {load.status === 'failed' && (
          <ErrorState
            error={load.error}
            onRetry={retry}
            back={{ href: paths.replayList, label: t('session.to_list') }}
          />
        )}
        {load.status === 'ended' && (
          <EmptyState
            title={t('session.ended')}
            action={<ButtonLink href={paths.journal}>{t('session.journal')}</ButtonLink>}
          />
        )}
        {state && (
          <>
            <Clock
              state={state}
              control={(fields) =>
                void act((rid) => call(replayEndpoints.control, { id: rid, ...fields }, { silent: true }))
              }
              onEnd={() => void end()}
            />
            {refusal !== null && (
              <p className="replay-error" role="alert" data-testid="replay-refusal">
                {errorText(refusal)}
              </p>
            )}
            {state.symbols.length > 1 && (
              <Segmented
                label={t('session.book')}
                value={symbol}
                onChange={setChosen}
                options={state.symbols.map((s) => ({ value: s, label: s }))}
              />
            )}
            {id && instrument && <ReplayMarket id={id} instrument={instrument} />}
            <ReplayTicket
              symbol={symbol}
              onSend={(order) =>
                act((rid) => call(replayEndpoints.addOrder, { id: rid, ...order }, { silent: true }))
              }
            />
            <ReplayAccount
              state={state}
              onCancel={(orderId) =>
                void act((rid) => call(replayEndpoints.cancelOrder, { id: rid, orderId }, { silent: true }))
              }
            />
          </>
        )}
      </div>
    </Screen>
  );
}
