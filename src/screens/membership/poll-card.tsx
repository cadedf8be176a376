import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import Decimal from 'decimal.js';
import { formatDateTime } from '../../../domain/format/date';
import type { Poll } from '../../../domain/protocol/membership';
import { membershipEndpoints } from '../../../domain/protocol/endpoints/membership';
import { call } from '../../api/call';
import { isApiError } from '../../api/request';
import { useErrorText } from '../../components/content/state-views';
import { FormAlert } from '../../components/form/submit-button';
import { formatChance, formatLots } from '../../components/trade/primary-format';
import { prefs } from '../../state/prefs';

function Results({ poll }: { poll: Poll }) {
  const { t } = useTranslation('membership');
  const { lang } = useSnapshot(prefs);
  return (
    <ul className="card-list mem-results" data-testid={`poll-${poll.id}-results`}>
      {poll.options.map((o) => {
        const share = o.share ?? '0';
        return (
          <li key={o.id} className={o.id === poll.myOptionId ? 'mem-result mem-result--mine' : 'mem-result'}>
            <div className="mem-result__line">
              <span>
                {o.label}
                {o.id === poll.myOptionId && <span className="mem-result__yours"> · {t('vote.yours')}</span>}
              </span>
              <span className="num">{formatChance(share, lang)}</span>
            </div>
            <div className="mem-result__bar" aria-hidden="true">
              <span style={{ width: `${new Decimal(share).times(100).toFixed(2)}%` }} />
            </div>
          </li>
        );
      })}
      <li className="mem-note num">
        {t('vote.total', { count: poll.totalVotes ?? 0, formatted: formatLots(poll.totalVotes ?? 0, lang) })}
      </li>
    </ul>
  );
}

/** One choice among the poll's options, sent once; a refusal shows what the server has now. */
function VoteForm({ poll, onChange }: { poll: Poll; onChange: (poll: Poll | null) => void }) {
  const { t } = useTranslation('membership');
  const errorText = useErrorText();
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const vote = async () => {
    if (choice === '') {
      setError(t('vote.choose'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      onChange(await call(membershipEndpoints.vote, { pollId: poll.id, optionId: choice }, { silent: true }));
    } catch (e) {
      if (isApiError(e) && e.kind === 'session') return;
      setError(errorText(e));
      // Closed meanwhile, or voted from another device: show what the server has now.
      onChange(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="mem-choices"
      onSubmit={(e) => {
        e.preventDefault();
        void vote();
      }}
    >
      <fieldset className="card-list mem-fieldset">
        <legend className="visually-hidden">{poll.question}</legend>
        {poll.options.map((o) => (
          <label key={o.id} className="mem-choice">
            <input
              type="radio"
              name={`poll-${poll.id}`}
              value={o.id}
              checked={choice === o.id}
              onChange={() => {
                setChoice(o.id);
                setError('');
              }}
              data-testid={`poll-${poll.id}-option-${o.id}`}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </fieldset>
      <p className="mem-note">{t('vote.one_vote')}</p>
      <FormAlert message={error} testId={`poll-${poll.id}-error`} />
      <button
        type="submit"
        className="button button--primary"
        disabled={busy}
        data-testid={`poll-${poll.id}-submit`}
      >
        {t('vote.submit')}
      </button>
    </form>
  );
}

/** One poll: its question and window, the options to choose from, or its results once visible. */
export function PollCard({ poll, onChange }: { poll: Poll; onChange: (poll: Poll | null) => void }) {
  const { t } = useTranslation('membership');
  const { lang } = useSnapshot(prefs);
  return (
    <article className="surface-card mem-card" data-testid={`poll-${poll.id}`}>
      <div className="split-row mem-card__head">
        <span className={`mem-badge mem-badge--${poll.status === 'open' ? 'on' : 'off'}`}>
          {t(`vote.status.${poll.status}`)}
        </span>
        <span className="mem-note num">
          {poll.status === 'closed'
            ? t('vote.closed_at', { date: formatDateTime(poll.closesAt, lang) })
            : t('vote.closes', { date: formatDateTime(poll.closesAt, lang) })}
        </span>
      </div>
      <h2 className="mem-card__question">{poll.question}</h2>
      {poll.resultsVisible ? <Results poll={poll} /> : <VoteForm poll={poll} onChange={onChange} />}
    </article>
  );
}
