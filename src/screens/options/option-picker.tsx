import { memo, useId } from 'react';
import { useTranslation } from '../../i18n/hook';
import type { Locale } from '../../../domain/format/locale';
import { formatDateTime } from '../../../domain/format/date';
import type { OptionKind, OptionRule } from '../../../domain/protocol/options';
import { Segmented } from '../../components/form/segmented';
import { price } from './format';

export type Pick = { kind: OptionKind; strike: string; expiresAt: number };

/**
 * What is being bought: call or put, the expiry (chips, soonest first) and the strike (the rule's
 * grid). Memoised: a keystroke in the contracts field, a quote tick or the confirmation sheet
 * opening re-renders the ticket, not its strike list (give it a stable `pick` and `onChange`).
 */
export const OptionPicker = memo(function OptionPicker({
  rule,
  pick,
  locale,
  onChange,
}: {
  rule: OptionRule;
  pick: Pick;
  locale: Locale;
  onChange: (change: Partial<Pick>) => void;
}) {
  const { t } = useTranslation('options');
  const strikeId = useId();
  const { kind, strike, expiresAt } = pick;
  const scale = rule.priceScale;
  return (
    <>
      <Segmented
        label={t('kind.label')}
        value={kind}
        options={(['call', 'put'] as const).map((value) => ({
          value,
          label: t(`kind.${value}`),
          testId: `option-kind-${value}`,
        }))}
        onChange={(value) => onChange({ kind: value })}
      />
      <div className="options-chips" role="group" aria-label={t('expiry.label')}>
        {rule.expiries.map((expiry) => (
          <button
            key={expiry.expiresAt}
            type="button"
            className="options-chip"
            aria-pressed={expiry.expiresAt === expiresAt}
            data-testid={`option-expiry-${expiry.kind}`}
            onClick={() => onChange({ expiresAt: expiry.expiresAt })}
          >
            <span>{t(`expiry.${expiry.kind}`)}</span>
            <span className="options-chip__date num">{formatDateTime(expiry.expiresAt, locale)}</span>
          </button>
        ))}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={strikeId}>
          {t('ticket.strike')}
        </label>
        <select
          id={strikeId}
          className="options-select num"
          value={strike}
          data-testid="option-strike"
          onChange={(event) => onChange({ strike: event.target.value })}
        >
          {rule.strikes.map((value) => (
            <option key={value} value={value}>
              {price(value, locale, scale)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
});
