import { useTranslation } from '../../i18n/hook';
import type { CreditRule } from '../../../domain/protocol/membership';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The published rule, from the numbers the server computes with (domain/credit/score.ts). */
export function CreditRuleText({ rule }: { rule: CreditRule }) {
  const { t } = useTranslation('membership');
  return (
    <ul className="mem-bullets" data-testid="credit-rule">
      <li>{t('credit.rule.base', { points: rule.base })}</li>
      <li>{t('credit.rule.kyc_approved', { points: rule.kycApproved })}</li>
      <li>
        {t('credit.rule.tenure', {
          points: rule.tenurePerPeriod,
          days: rule.tenurePeriodDays,
          max: rule.tenureMax,
        })}
      </li>
      <li>{t('credit.rule.loan_repaid_on_time', { points: rule.loanOnTime })}</li>
      <li>{t('credit.rule.loan_repaid_late', { points: signed(rule.loanLate) })}</li>
      <li>{t('credit.rule.liquidation', { points: signed(rule.liquidation) })}</li>
      <li>{t('credit.rule.clamp', { min: rule.min, max: rule.max })}</li>
    </ul>
  );
}
