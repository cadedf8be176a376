import '../../screens/contract/namespace';
import '../../styles/contract.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../form/checkbox';
import { BottomSheet } from '../trade/bottom-sheet';

/**
 * The contract risk disclosure (DECISIONS §2): plain words about leverage, liquidation and
 * funding, accepted once with a ticked box before the first contract is sent.
 */
export function RiskSheet({ onAccept, onCancel }: { onAccept: () => void; onCancel: () => void }) {
  const { t } = useTranslation('contract');
  const [agreed, setAgreed] = useState(false);
  return (
    <BottomSheet title={t('risk.title')} onClose={onCancel} testId="risk-sheet">
      <div className="risk-text" data-testid="risk-text">
        <p>{t('risk.p1')}</p>
        <p>{t('risk.p2')}</p>
        <p>{t('risk.p3')}</p>
        <p>{t('risk.p4')}</p>
      </div>
      <Checkbox checked={agreed} onCheckedChange={setAgreed} testId="risk-agree">
        {t('risk.agree')}
      </Checkbox>
      <div className="sheet__actions">
        <button
          type="button"
          className="button button--secondary"
          data-testid="risk-cancel"
          onClick={onCancel}
        >
          {t('risk.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          data-testid="risk-accept"
          disabled={!agreed}
          onClick={onAccept}
        >
          {t('risk.accept')}
        </button>
      </div>
    </BottomSheet>
  );
}
