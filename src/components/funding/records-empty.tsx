// The funding texts (the demo explanation is the funding block's).
import './texts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session';
import { EmptyState } from '../content/state-views';
import { SwitchRealButton } from '../switch-real-button';

/**
 * An empty deposit or withdrawal record list. Its next step ("Deposit") led a demo account to
 * "demo accounts cannot deposit": there the list says what the demo account is and
 * offers the real one instead, as the funding screens' own block does.
 */
export function RecordsEmpty({ title, action }: { title: string; action: ReactNode }) {
  const { t } = useTranslation('funding');
  const { userAccountType } = useSnapshot(session);
  if (userAccountType !== 'demo') return <EmptyState title={title} action={action} />;
  return (
    <EmptyState
      title={title}
      body={t('block.body_DEMO_NOT_ALLOWED')}
      action={<SwitchRealButton label={t('block.switch_real')} testId="records-switch-real" />}
    />
  );
}
