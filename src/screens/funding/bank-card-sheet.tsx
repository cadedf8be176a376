import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { formatIban } from '../../../domain/funding/iban';
import { isApiError } from '../../api/request';
import { ErrorState, ListSkeleton, useErrorText } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { BottomSheet } from '../../components/trade/bottom-sheet';
import { FigureRows } from '../../components/trade/figure-rows';
import { showToast } from '../../services/toast';
import { CopyRow } from './copy-row';
import { useBankName } from '../../components/funding/bank-name';
import type { BankCard } from '../../../domain/protocol/funding';
import { fundingBankEndpoints } from '../../../domain/protocol/endpoints/funding-bank';
import { call } from '../../api/call';
import { Button } from '../../components/button';

/**
 * One card, whole (GET /bank/info: the owner's own IBAN), with copy and delete. Delete asks first
 * in the same sheet; a card with a pending withdrawal says why it stays (BANK_CARD_IN_USE).
 */
export function BankCardSheet({
  id,
  onClose,
  onDeleted,
}: {
  id: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('funding');
  const card = useLiveData(`bank-card-${id}`, () =>
    call(fundingBankEndpoints.card, { id }, { silent: true }),
  );
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const errorText = useErrorText();

  async function remove() {
    setBusy(true);
    setError('');
    try {
      await call(fundingBankEndpoints.deleteCard, { id }, { silent: true });
      showToast(t('cards.deleted'));
      onDeleted();
    } catch (failure) {
      if (isApiError(failure) && failure.kind === 'session') return;
      setError(errorText(failure));
      setAsking(false);
    } finally {
      setBusy(false);
    }
  }

  let body;
  if (card.status === 'loading') body = <ListSkeleton rows={2} />;
  else if (card.status === 'error') body = <ErrorState error={card.error} onRetry={card.reload} />;
  else {
    const data = card.data;
    body = (
      <>
        <CardFigures data={data} />
        {data.withdrawalPending && <p className="hint">{t('cards.in_use_note')}</p>}
        {error !== '' && (
          <p className="sheet__error" role="alert" data-testid="card-delete-error">
            {error}
          </p>
        )}
        <DeleteActions
          asking={asking}
          busy={busy}
          onAsk={() => {
            setError('');
            setAsking(true);
          }}
          onCancel={() => setAsking(false)}
          onConfirm={() => void remove()}
        />
      </>
    );
  }
  return (
    <BottomSheet title={t('cards.detail_title')} onClose={onClose} testId="card-sheet" locked={busy}>
      {body}
    </BottomSheet>
  );
}

/** The card's number to copy, its bank, holder and the country's extra fields. */
function CardFigures({ data }: { data: BankCard }) {
  const { t } = useTranslation('funding');
  const bankNameOf = useBankName();
  const number = data.country === 'TR' ? formatIban(data.accountNumber) : data.accountNumber;
  const extras = (['ifsc', 'pix', 'taxId', 'utr', 'bankAddress'] as const).filter(
    (name) => data[name] !== '',
  );
  return (
    <>
      <dl className="copy-rows">
        <CopyRow
          label={t('cards.number')}
          value={data.accountNumber}
          shown={number}
          testId="card-detail-number"
        />
      </dl>
      <FigureRows
        rows={[
          { label: t('cards.bank'), value: bankNameOf(data.bankName), testId: 'card-detail-bank' },
          { label: t('cards.holder'), value: data.holderName, testId: 'card-detail-holder' },
          ...extras.map((name) => ({ label: t(`fields.${name}`), value: data[name] })),
        ]}
      />
    </>
  );
}

/** Delete, then the question in place of the button: cancel or delete for good. */
function DeleteActions({
  asking,
  busy,
  onAsk,
  onCancel,
  onConfirm,
}: {
  asking: boolean;
  busy: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('funding');
  if (!asking)
    return (
      <Button className="funding-danger" testId="card-delete" onClick={onAsk}>
        {t('cards.delete')}
      </Button>
    );
  return (
    <div className="sheet__actions" data-testid="card-delete-confirm">
      <p className="lead">{t('cards.delete_question')}</p>
      <Button disabled={busy} onClick={onCancel}>
        {t('action.cancel', { ns: 'common' })}
      </Button>
      <button
        type="button"
        className="button button--danger"
        data-testid="card-delete-yes"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={onConfirm}
      >
        {t('cards.delete_confirm')}
      </button>
    </div>
  );
}
