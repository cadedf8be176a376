import './namespace';
import '../../styles/contract.css';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import type { ContractRules } from '../../../domain/protocol/contracts';
import { prefs } from '../../state/prefs';
import { Checkbox } from '../../components/form/checkbox';
import { BottomSheet } from '../../components/trade/bottom-sheet';
import { liquidationFeeTexts } from './fee-rates';
import { Button } from '../../components/button';

/**
 * The contract risk disclosure (DECISIONS §2): plain words about leverage, liquidation (with the
 * configured fee rates a liquidation charges) and funding, accepted once with a ticked box before
 * the first contract is sent. Its text is versioned by the server's riskVersion.
 */
export function RiskSheet({
  rules,
  onAccept,
  onCancel,
}: {
  rules: Pick<ContractRules, 'feeRate' | 'liquidationFeeRate'>;
  onAccept: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  const [agreed, setAgreed] = useState(false);
  return (
    <BottomSheet title={t('risk.title')} onClose={onCancel} testId="risk-sheet">
      <div className="risk-text" data-testid="risk-text">
        <p>{t('risk.p1')}</p>
        <p data-testid="risk-liquidation">{t('risk.p2', liquidationFeeTexts(rules, lang))}</p>
        <p>{t('risk.p3')}</p>
        <p>{t('risk.p4')}</p>
      </div>
      <Checkbox checked={agreed} onCheckedChange={setAgreed} testId="risk-agree">
        {t('risk.agree')}
      </Checkbox>
      <div className="sheet__actions">
        <Button testId="risk-cancel" onClick={onCancel}>
          {t('risk.cancel')}
        </Button>
        <Button look="primary" testId="risk-accept" disabled={!agreed} onClick={onAccept}>
          {t('risk.accept')}
        </Button>
      </div>
    </BottomSheet>
  );
}
