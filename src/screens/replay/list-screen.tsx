import './replay-i18n';
import '../../styles/replay.css';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { formatLocalDate, formatTime } from '../../../domain/format/date';
import { replayEndpoints } from '../../../domain/protocol/endpoints/replay';
import { REPLAY_SPEEDS, REPLAY_SYMBOLS_MAX, type ReplaySession } from '../../../domain/protocol/replay';
import { call } from '../../api/call';
import { Button, ButtonLink } from '../../components/button';
import { EmptyState, ErrorState, ListSkeleton, useErrorText } from '../../components/content/state-views';
import { Segmented } from '../../components/form/segmented';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { useTranslation } from '../../i18n/hook';
import { navigate } from '../../paths/navigation';
import { paths, withQuery } from '../../paths/paths';
import { prefs } from '../../state/prefs';

type Speed = (typeof REPLAY_SPEEDS)[number];
type Load =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; list: ReplaySession[]; running: string | null };

function SessionCard({ session }: { session: ReplaySession }) {
  const { t } = useTranslation('replay');
  const { lang } = useSnapshot(prefs);
  const errorText = useErrorText();
  const [picked, setPicked] = useState<string[]>(session.symbols.slice(0, 1));
  const [speed, setSpeed] = useState<Speed>('1');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<unknown>(null);
  const toggle = (symbol: string) =>
    setPicked((now) =>
      now.includes(symbol)
        ? now.filter((s) => s !== symbol)
        : now.length < REPLAY_SYMBOLS_MAX
          ? [...now, symbol]
          : now,
    );
  const start = async () => {
    setBusy(true);
    try {
      const state = await call(
        replayEndpoints.start,
        { day: session.day, symbols: picked.join(','), speed },
        { silent: true },
      );
      navigate(withQuery(paths.replaySession, { id: state.id }));
    } catch (error) {
      setRefusal(error);
      setBusy(false);
    }
  };
  return (
    <li className="replay-card" data-testid={`replay-session-${session.day}`}>
      <h2 className="replay-card__title">{formatLocalDate(session.from, lang)}</h2>
      <p className="replay-muted">
        {t('list.range', { from: formatTime(session.from, lang), to: formatTime(session.to, lang) })}
      </p>
      <fieldset className="replay-chips">
        <legend>{t('list.pick', { max: REPLAY_SYMBOLS_MAX })}</legend>
        {session.symbols.map((symbol) => (
          <label key={symbol} className="replay-chip">
            <input type="checkbox" checked={picked.includes(symbol)} onChange={() => toggle(symbol)} />
            <span>{symbol}</span>
          </label>
        ))}
      </fieldset>
      <Segmented
        label={t('list.speed')}
        value={speed}
        onChange={setSpeed}
        options={REPLAY_SPEEDS.map((s) => ({ value: s, label: `${s}×`, testId: `replay-speed-${s}` }))}
      />
      {refusal !== null && (
        <p className="replay-error" role="alert">
          {errorText(refusal)}
        </p>
      )}
      <Button
        look="primary"
        disabled={busy || picked.length === 0}
        onClick={() => void start()}
        testId="replay-start"
      >
        {t('list.start')}
      </Button>
    </li>
  );
}

/** /pages/replay/list: the recorded sessions, newest first, and the running replay to go back to. */
export default function ReplayListScreen() {
  const { t } = useTranslation('replay');
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const read = () =>
    call(replayEndpoints.list, {}, { silent: true }).then(
      (got) => setLoad({ status: 'ready', list: got.list, running: got.running }),
      (error: unknown) => setLoad({ status: 'failed', error }),
    );
  useEffect(() => void read(), []);
  return (
    <Screen className="replay-screen">
      <Navbar title={t('list.title')} />
      <div className="screen__body">
        <p className="replay-muted">{t('list.intro')}</p>
        {load.status === 'loading' && <ListSkeleton rows={2} label={t('list.title')} />}
        {load.status === 'failed' && (
          <ErrorState
            error={load.error}
            onRetry={() => {
              setLoad({ status: 'loading' });
              void read();
            }}
          />
        )}
        {load.status === 'ready' && load.running !== null && (
          <div className="replay-running">
            <p>{t('list.running')}</p>
            <ButtonLink href={withQuery(paths.replaySession, { id: load.running })} testId="replay-continue">
              {t('list.continue')}
            </ButtonLink>
          </div>
        )}
        {load.status === 'ready' && load.list.length === 0 && (
          <EmptyState title={t('list.empty')} body={t('list.empty_body')} />
        )}
        {load.status === 'ready' && load.list.length > 0 && (
          <ul className="replay-list" data-testid="replay-list">
            {load.list.map((session) => (
              <SessionCard key={session.day} session={session} />
            ))}
          </ul>
        )}
      </div>
    </Screen>
  );
}
