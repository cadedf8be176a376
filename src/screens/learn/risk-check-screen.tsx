import './learn-i18n';
import '../../styles/learn.css';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import type { RiskQuestion } from '../../../domain/protocol/learn';
import { Button, ButtonLink } from '../../components/button';
import { EmptyState, ErrorState, ListSkeleton, useErrorText } from '../../components/content/state-views';
import { FormAlert } from '../../components/form/submit-button';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { useTranslation } from '../../i18n/hook';
import { paths } from '../../paths/paths';
import { prefs } from '../../state/prefs';
import { PositionLine, QuestionText, shownFacts, Verdict } from './risk-check-parts';
import { backFromQuery, startFromQuery } from './risk-check-query';
import { useRiskCheck } from './use-risk-check';
import { figure } from './figures';

/** A choice's id as the answer takes it (the broker gives a to d). */
const asChoice = (id: string): 'a' | 'b' | 'c' | 'd' => (id === 'b' || id === 'c' || id === 'd' ? id : 'a');

function Choices({
  q,
  busy,
  onAnswer,
}: {
  q: RiskQuestion;
  busy: boolean;
  onAnswer: (id: 'a' | 'b' | 'c' | 'd') => void;
}) {
  const { t } = useTranslation('learn');
  const { lang } = useSnapshot(prefs);
  const [chosen, setChosen] = useState<'a' | 'b' | 'c' | 'd' | ''>('');
  return (
    <form
      className="risk-check__choices"
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen) onAnswer(chosen);
      }}
    >
      <fieldset>
        <legend className="visually-hidden">{t(`risk.q.${q.topic}`, shownFacts(q.facts, lang))}</legend>
        {q.choices.map((c) => (
          <label key={c.id} className="risk-check__choice" data-testid={`risk-choice-${c.id}`}>
            <input
              type="radio"
              name={`choice-${q.id}`}
              value={c.id}
              checked={chosen === c.id}
              onChange={() => setChosen(asChoice(c.id))}
            />
            <span>{c.tag === 'amount' ? figure(c.value, lang, q.unit) : t(`risk.choice.${c.tag}`)}</span>
          </label>
        ))}
      </fieldset>
      <button
        type="submit"
        className="button button--primary"
        disabled={!chosen || busy}
        data-testid="risk-answer"
      >
        {t('risk.answer')}
      </button>
    </form>
  );
}

/**
 * /pages/user/riskCheck: three questions on the position the ticket was about to open (a
 * contract above 5×, a first option), worked out by the user, checked on the broker. Passed, the
 * ticket opens it; a wrong answer is explained and the same question comes back on other numbers.
 */
export default function RiskCheckScreen() {
  const { t } = useTranslation('learn');
  const search = useSearch();
  const start = startFromQuery(search);
  const back = backFromQuery(search) ?? paths.trade;
  const check = useRiskCheck(start);
  const errorText = useErrorText();
  const { state } = check;

  const body = () => {
    if (!start)
      return (
        <EmptyState
          title={t('risk.title')}
          body={t('risk.missing')}
          action={
            <ButtonLink href={paths.trade} testId="risk-to-trade">
              {t('risk.back')}
            </ButtonLink>
          }
        />
      );
    if (state.status === 'loading') return <ListSkeleton rows={4} label={t('risk.title')} />;
    if (state.status === 'failed')
      return <ErrorState error={state.error} onRetry={() => void check.retry()} />;
    const current = state.open[0];
    const basis = state.round.questions[0];
    return (
      <>
        <p className="learn-intro">
          {t(start.kind === 'leverage' ? 'risk.intro_leverage' : 'risk.intro_option')}
        </p>
        {state.round.passed && <p className="learn-note">{t('risk.passed_before')}</p>}
        {basis && <PositionLine kind={start.kind} facts={basis.facts} />}
        {state.verdict && state.answered && <Verdict verdict={state.verdict} q={state.answered} />}
        {state.passed ? (
          <div className="risk-check__passed" data-testid="risk-passed">
            <p>{t('risk.passed')}</p>
            <ButtonLink href={back} testId="risk-back">
              {t('risk.back')}
            </ButtonLink>
          </div>
        ) : state.verdict ? (
          <Button look="primary" onClick={check.next} testId="risk-next">
            {state.verdict.correct ? t('risk.next') : t('risk.again')}
          </Button>
        ) : (
          current && (
            <section className="risk-check__question" data-testid={`risk-question-${current.topic}`}>
              <p className="learn-muted">{t('risk.progress', { left: state.open.length })}</p>
              <QuestionText q={current} />
              <Choices
                key={current.id}
                q={current}
                busy={check.busy}
                onAnswer={(c) => void check.answer(c)}
              />
              <FormAlert message={check.answerError === null ? '' : errorText(check.answerError)} />
            </section>
          )
        )}
      </>
    );
  };

  return (
    <Screen className="learn-screen">
      <Navbar title={t('risk.title')} />
      <div className="screen__body">{body()}</div>
    </Screen>
  );
}
