import type { Locale } from '../../../domain/format/locale';
import type { OptionRule } from '../../../domain/protocol/options';
import { AmountField } from '../../components/form/amount-field';
import { useAmountField } from '../../components/form/use-amount-field';
import '../../components/trade/ticket-amount-namespace';
import { useTranslation } from '../../i18n/hook';
import { count } from './format';

/** The ticket's number of contracts, with the multiplier and the most one purchase may hold. */
export function ContractsField({
  field,
  rule,
  locale,
  error,
  onEdit,
}: {
  field: ReturnType<typeof useAmountField>;
  rule: OptionRule;
  locale: Locale;
  error: string;
  onEdit: () => void;
}) {
  const { t } = useTranslation('options');
  return (
    <AmountField
      field={field}
      label={t('ticket.contracts')}
      onEdit={onEdit}
      testId="option-contracts"
      otherError={error || undefined}
      hint={t('ticket.contracts_hint', {
        multiplier: count(rule.multiplier, locale),
        max: count(rule.maxContracts, locale),
      })}
    />
  );
}

/** Whole contracts only: the numeric pad, and "Kontrat sayısı tam sayı olmalıdır" for a fraction. */
export function useContractsField() {
  const { t } = useTranslation('options');
  return useAmountField({ decimals: 0, unit: t('contracts_unit', { ns: 'ticketAmount' }) }, '1');
}
