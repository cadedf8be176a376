import './namespace';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { CreditChange, CreditLog } from '../../../domain/protocol/membership';
import { membershipEndpoints } from '../../../domain/protocol/endpoints/membership';
import { call } from '../../api/call';
import { LoadMore } from '../../components/content/paged-list';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { usePaged } from '../../components/content/use-paged';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { prefs } from '../../state/prefs';
import { CreditRuleText } from './credit-rule';

const load = (page: number, size: number) =>
  call(membershipEndpoints.creditLog, { page, size }, { silent: true });
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

function ChangeRow({ change }: { change: CreditChange }) {
  const { t } = useTranslation('membership');
  const { lang } = useSnapshot(prefs);
  const tone = change.points > 0 ? 'up' : change.points < 0 ? 'down' : '';
  return (
    <li className="split-row mem-row" data-testid={`credit-change-${change.kind}`}>
      <div className="line-stack">
        <span>{t(`credit.kind.${change.kind}`)}</span>
        <span className="mem-note num">{formatDateTime(change.at, lang)}</span>
      </div>
      <div className="line-stack mem-row__side">
        <span className={`num mem-row__figure ${tone ? `mem-${tone}` : ''}`}>
          {change.kind === 'base' ? change.points : signed(change.points)}
        </span>
        <span className="mem-note num">
          {change.applied !== change.points && change.kind !== 'base'
            ? t('credit.clamped', { applied: signed(change.applied) })
            : t('credit.after', { score: change.scoreAfter })}
        </span>
      </div>
    </li>
  );
}

/** /pages/user/creditScore: the score, the published rule and the change log. */
export default function CreditScoreScreen() {
  const { t } = useTranslation('membership');
  const paged = usePaged('credit-log', load);
  const { first } = paged;
  const log = first.status === 'ready' ? (first.data as CreditLog) : null;
  return (
    <Screen className="stack-screen">
      <Navbar title={t('credit.title')} />
      <div className="screen__body">
        {first.status === 'loading' && <ListSkeleton rows={4} />}
        {first.status === 'error' && <ErrorState error={first.error} onRetry={paged.reload} />}
        {log && (
          <div className="mem-stack">
            <section className="surface-card mem-card mem-card--score" data-testid="credit-score">
              <span className="mem-note">{t('credit.score_label')}</span>
              <span className="mem-score num" data-testid="credit-score-value">
                {log.score}
              </span>
              <span className="mem-note">{t('credit.range', { min: log.rule.min, max: log.rule.max })}</span>
            </section>
            <p className="mem-warning" role="note" data-testid="credit-not-withdrawal">
              {t('credit.not_withdrawal')}
            </p>
            <section className="mem-section">
              <h2 className="section-title">{t('credit.rule_title')}</h2>
              <CreditRuleText rule={log.rule} />
            </section>
            <section className="mem-section">
              <h2 className="section-title">{t('credit.log_title')}</h2>
              <ul className="mem-list" data-testid="credit-log">
                {paged.rows.map((c, i) => (
                  <ChangeRow key={`${c.kind}-${c.at}-${i}`} change={c} />
                ))}
              </ul>
              <LoadMore paged={paged} label={t('credit.more')} className="mem-more" />
            </section>
          </div>
        )}
      </div>
    </Screen>
  );
}
