import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import { journalEndpoints } from '../../../domain/protocol/endpoints/learn';
import type { JournalTrade } from '../../../domain/protocol/learn';
import { call } from '../../api/call';
import { Button } from '../../components/button';
import { FormAlert } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { useErrorText } from '../../components/content/state-views';
import { toneClass } from '../../components/tone';
import { useTranslation } from '../../i18n/hook';
import { prefs } from '../../state/prefs';
import { figure, heldFor, money } from './figures';

function NoteForm({
  trade,
  onSaved,
  onClose,
}: {
  trade: JournalTrade;
  onSaved: (tags: string[], note: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('learn');
  const errorText = useErrorText();
  const [tags, setTags] = useState(trade.tags.join(', '));
  const [note, setNote] = useState(trade.note);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function save() {
    setBusy(true);
    setError('');
    try {
      const saved = await call(journalEndpoints.note, { id: trade.id, tags, note }, { silent: true });
      onSaved(saved.tags, saved.note);
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="journal-note-form" data-testid="journal-note-form">
      <TextField
        label={t('journal.tags')}
        value={tags}
        onValueChange={setTags}
        hint={t('journal.tags_help')}
        testId="journal-tags"
      />
      <div className="field">
        <label className="field__label" htmlFor={`note-${trade.id}`}>
          {t('journal.note')}
        </label>
        <textarea
          id={`note-${trade.id}`}
          className="field__box journal-note-form__text"
          rows={3}
          maxLength={1000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          data-testid="journal-note"
        />
      </div>
      <FormAlert message={error} testId="journal-note-error" />
      <div className="journal-note-form__actions">
        <Button onClick={onClose}>{t('journal.cancel')}</Button>
        <Button look="primary" disabled={busy} onClick={() => void save()} testId="journal-save">
          {t('journal.save')}
        </Button>
      </div>
    </div>
  );
}

function Figure(props: { label: string; value: string; tone?: string; testId?: string }) {
  return (
    <div>
      <dt>{props.label}</dt>
      <dd className={`figure ${props.tone ?? ''}`} data-testid={props.testId}>
        {props.value}
      </dd>
    </div>
  );
}

/** One closed trade: what it was, what it made on paper and realistically, what it cost, how long. */
export function TradeCard({
  trade,
  onNoted,
}: {
  trade: JournalTrade;
  onNoted: (tags: string[], note: string) => void;
}) {
  const { t } = useTranslation('learn');
  const { lang } = useSnapshot(prefs);
  const [editing, setEditing] = useState(false);
  const unit = trade.currency;
  return (
    <li className="journal-card" data-testid="journal-trade">
      <div className="journal-card__head">
        <span className="journal-card__symbol">{trade.symbol}</span>
        <span className="learn-badge">{t(`common.product.${trade.product}`)}</span>
        <span className="learn-badge">{t(`common.side.${trade.side}`)}</span>
        {trade.leverage !== null && <span className="learn-badge">{trade.leverage}×</span>}
        {trade.source === 'replay' && (
          <span className="learn-badge learn-badge--replay">{t('common.replay')}</span>
        )}
        <span className={`journal-card__pnl figure ${toneClass(trade.pnl)}`} data-testid="journal-pnl">
          {money(trade.pnl, lang, unit, true)}
        </span>
      </div>
      <dl className="journal-card__figures">
        <Figure label={t('journal.entry')} value={figure(trade.entry, lang)} />
        <Figure label={t('journal.exit')} value={figure(trade.exit, lang)} />
        <Figure label={t('journal.size')} value={figure(trade.qty, lang)} />
        <Figure label={t('journal.costs')} value={money(trade.costs, lang, unit)} />
        <Figure
          label={t('journal.realistic')}
          value={money(trade.realisticPnl, lang, unit, true)}
          tone={toneClass(trade.realisticPnl)}
          testId="journal-realistic"
        />
        <Figure label={t('journal.held')} value={heldFor(trade.holdingMs, t)} />
      </dl>
      <p className="journal-card__closed">
        {t('journal.closed')} {formatDateTime(trade.closedAt, lang)}
      </p>
      {(trade.tags.length > 0 || trade.note) && !editing && (
        <div className="journal-card__note" data-testid="journal-shown-note">
          {trade.tags.length > 0 && (
            <p className="journal-card__tags">
              {trade.tags.map((tag) => (
                <span key={tag} className="learn-badge">
                  {tag}
                </span>
              ))}
            </p>
          )}
          {trade.note && <p>{trade.note}</p>}
        </div>
      )}
      {editing ? (
        <NoteForm trade={trade} onSaved={onNoted} onClose={() => setEditing(false)} />
      ) : (
        <Button className="journal-card__edit" onClick={() => setEditing(true)} testId="journal-edit">
          {trade.tags.length > 0 || trade.note ? t('journal.edit_more') : t('journal.edit')}
        </Button>
      )}
    </li>
  );
}
