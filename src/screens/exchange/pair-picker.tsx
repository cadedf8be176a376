import { useId } from 'react';
import { useTranslation } from '../../i18n/hook';
import { walletOf } from './exchange-logic';
import { Button } from '../../components/button';

function CurrencySelect({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  testId: string;
}) {
  const { t } = useTranslation('exchange');
  const id = useId();
  return (
    <div className="line-stack">
      <label className="exchange-pair__label" htmlFor={id}>
        {label}
      </label>
      {options.length > 1 ? (
        <select
          id={id}
          className="exchange-pair__select"
          value={value}
          data-testid={testId}
          onChange={(event) => onChange(event.target.value)}
        >
          {options.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </select>
      ) : (
        <output id={id} className="exchange-pair__fixed" data-testid={testId}>
          {value}
        </output>
      )}
      <span className="exchange-pair__wallet">{t(`form.wallet_${walletOf(value)}`)}</span>
    </div>
  );
}

/** From and to, each with the account it lives in, and a swap between them (≥ 44 px targets). */
export function PairPicker({
  from,
  to,
  sources,
  targets,
  canSwap,
  onFrom,
  onTo,
  onSwap,
}: {
  from: string;
  to: string;
  sources: readonly string[];
  targets: readonly string[];
  canSwap: boolean;
  onFrom: (currency: string) => void;
  onTo: (currency: string) => void;
  onSwap: () => void;
}) {
  const { t } = useTranslation('exchange');
  const legs = {
    from: { value: from, options: sources, onChange: onFrom },
    to: { value: to, options: targets, onChange: onTo },
  };
  const leg = (side: 'from' | 'to') => (
    <CurrencySelect label={t(`form.${side}`)} testId={`exchange-${side}`} {...legs[side]} />
  );
  return (
    <div className="surface-card swap-route exchange-pair">
      {leg('from')}
      <Button
        className="exchange-pair__swap"
        aria-label={t('form.swap')}
        testId="exchange-swap"
        disabled={!canSwap}
        onClick={onSwap}
      >
        ⇄
      </Button>
      {leg('to')}
    </div>
  );
}
