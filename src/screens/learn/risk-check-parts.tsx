import { useSnapshot } from 'valtio';
import type { RiskCheckVerdict, RiskQuestion } from '../../../domain/protocol/learn';
import { useTranslation } from '../../i18n/hook';
import { prefs } from '../../state/prefs';
import { formatMoney } from '../../../domain/format/number';
import { figure } from './figures';

/** Every figure a question or its explanation names, '' where it names none. */
const FIGURES = [
  'margin',
  'entry',
  'qty',
  'leverage',
  'moved',
  'rate',
  'notional',
  'strike',
  'spot',
  'premium',
  'multiplier',
  'contracts',
  'settle',
  'liquidation',
  'naive',
  'loss',
  'left',
  'once',
  'day',
  'total',
  'fee',
  'cost',
  'breakeven',
  'perShare',
  'paid',
  'premiumTotal',
] as const;
type Shown = Record<(typeof FIGURES)[number] | 'symbol', string>;

/** A question's facts as the sentence shows them: figures in the reader's notation. */
export function shownFacts(facts: Record<string, string>, lang: 'tr-TR' | 'en-US'): Shown {
  const shown = { symbol: facts.symbol ?? '' } as Shown;
  for (const name of FIGURES) shown[name] = facts[name] === undefined ? '' : figure(facts[name] ?? '', lang);
  // The margin the position locks, to the cent: its last places are the quantity's rounding.
  if (facts.margin !== undefined) shown.margin = formatMoney(facts.margin, lang, { decimals: 2 });
  return shown;
}

/** The position the questions are about, in one line. */
export function PositionLine({
  kind,
  facts,
}: {
  kind: 'leverage' | 'option';
  facts: Record<string, string>;
}) {
  const { t } = useTranslation('learn');
  const { lang } = useSnapshot(prefs);
  const shown = shownFacts(facts, lang);
  const side = facts.side === 'short' ? t('common.side.short') : t('common.side.long');
  const optionKind = facts.kind === 'put' ? t('risk.kind.put') : t('risk.kind.call');
  return (
    <p className="risk-check__position" data-testid="risk-position">
      {kind === 'leverage'
        ? t('risk.position_leverage', { ...shown, side })
        : t('risk.position_option', { ...shown, kind: optionKind })}
    </p>
  );
}

export function QuestionText({ q }: { q: RiskQuestion }) {
  const { t } = useTranslation('learn');
  const { lang } = useSnapshot(prefs);
  return (
    <h2 className="risk-check__prompt" data-testid="risk-prompt">
      {t(`risk.q.${q.topic}`, shownFacts(q.facts, lang))}
    </h2>
  );
}

/** Right or wrong, the right choice and the figures that explain it. */
export function Verdict({ verdict, q }: { verdict: RiskCheckVerdict; q: RiskQuestion }) {
  const { t } = useTranslation('learn');
  const { lang } = useSnapshot(prefs);
  const right = q.choices.find((c) => c.id === verdict.answer);
  const rightText =
    right?.tag === 'amount' ? figure(right.value, lang, q.unit) : right ? t(`risk.choice.${right.tag}`) : '';
  const explainKey =
    verdict.topic === 'drop10' && verdict.explain.liquidated === '1'
      ? 'risk.explain.drop10_liquidated'
      : `risk.explain.${verdict.topic}`;
  return (
    <div
      className={
        verdict.correct
          ? 'risk-check__verdict risk-check__verdict--right'
          : 'risk-check__verdict risk-check__verdict--wrong'
      }
      role="status"
      data-testid={verdict.correct ? 'risk-right' : 'risk-wrong'}
    >
      <p className="risk-check__verdict-title">
        {verdict.correct ? t('risk.right') : t('risk.wrong')} {t('risk.right_answer', { answer: rightText })}
      </p>
      <p>{t(explainKey as 'risk.explain.liquidation', shownFacts(verdict.explain, lang))}</p>
    </div>
  );
}
