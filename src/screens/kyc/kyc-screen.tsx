import '../../i18n/pages';
import '../../styles/content-screens.css';
import '../../styles/kyc.css';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { kycEndpoints } from '../../../domain/protocol/endpoints/kyc';
import { call } from '../../api/call';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { KycStatusLabel } from '../../components/content/status-labels';
import { useLiveData } from '../../components/content/use-live-data';
import { TitledScreen } from '../../components/screen';
import { refreshLoginInfo } from '../../state/login-info';
import { prefs } from '../../state/prefs';
import { KycForm } from './kyc-form';
import { KycOutcome, KycSummary } from './kyc-views';
import { Button } from '../../components/button';

const loadState = () => call(kycEndpoints.state, {}, { silent: true });

/** KYC (SPEC §4): none → the form; pending → under review; succ → verified; fail → reason, resubmit. */
export default function KycScreen() {
  const { t } = useTranslation('content');
  const { lang } = useSnapshot(prefs);
  const kyc = useLiveData('kyc', loadState);
  const [resubmitting, setResubmitting] = useState(false);

  const submitted = () => {
    setResubmitting(false);
    kyc.reload();
    // The drawer and the Mine tab show the state too.
    void refreshLoginInfo();
  };

  let body;
  if (kyc.status === 'loading') body = <ListSkeleton rows={3} />;
  else if (kyc.status === 'error') body = <ErrorState error={kyc.error} onRetry={kyc.reload} />;
  else {
    const state = kyc.data;
    const showForm = state.idStatus === 'none' || (state.idStatus === 'fail' && resubmitting);
    body = (
      <>
        <p className="split-row">
          <span className="hint">{t('kyc.status')}</span>
          <span data-testid="kyc-status" data-status={state.idStatus}>
            <KycStatusLabel status={state.idStatus} />
          </span>
        </p>
        {showForm ? (
          <KycForm onSubmitted={submitted} />
        ) : (
          <>
            <KycOutcome state={state} />
            {state.idStatus !== 'none' && <KycSummary state={state} locale={lang} />}
            {state.idStatus === 'fail' && (
              <div className="bottom-bar">
                <Button
                  look="primary"
                  className="bottom-bar__button"
                  testId="kyc-resubmit"
                  onClick={() => setResubmitting(true)}
                >
                  {t('kyc.fail.resubmit')}
                </Button>
              </div>
            )}
          </>
        )}
      </>
    );
  }

  return (
    <TitledScreen className="kyc-screen" title={t('kyc.title')}>
      {body}
    </TitledScreen>
  );
}
