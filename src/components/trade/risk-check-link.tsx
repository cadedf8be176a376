import enLearnEntry from '../../../locales/en-US/learn-entry.json';
import trLearnEntry from '../../../locales/tr-TR/learn-entry.json';
import { useTranslation } from '../../i18n/hook';
import { addNamespace } from '../../i18n/namespace';
import { ButtonLink } from '../button';
import '../../styles/learn-link.css';

addNamespace('learnEntry', { 'tr-TR': trLearnEntry, 'en-US': enLearnEntry });

/**
 * A ticket's refusal that the risk check answers (RISK_CHECK_REQUIRED, before a contract above 5×
 * or a first option): the broker's message and the way to the check on this very position.
 */
export function RiskCheckLink({ href, message }: { href: string; message: string }) {
  const { t } = useTranslation('learnEntry');
  return (
    <div className="risk-check-link" role="alert" data-testid="risk-check-link">
      <p>{message}</p>
      <ButtonLink href={href} testId="risk-check-go">
        {t('ticket_link')}
      </ButtonLink>
    </div>
  );
}
