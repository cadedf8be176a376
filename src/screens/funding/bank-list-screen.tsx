import './namespace';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { BankCardSheet } from './bank-card-sheet';
import { ADD_BANK_PATH } from '../../components/funding/block-state';
import { useBankName } from '../../components/funding/bank-name';
import { fundingBankEndpoints } from '../../../domain/protocol/endpoints/funding-bank';
import { call } from '../../api/call';
import { ButtonLink } from '../../components/button';

const loadCards = () => call(fundingBankEndpoints.cards, { page: 1, size: 50 }, { silent: true });

/**
 * /pages/wallet/bankList (the drawer's "bank details", `?type=2`): the user's saved accounts,
 * masked as the server sends them; a tap opens the whole card with copy and delete.
 */
export default function BankListScreen() {
  const { t } = useTranslation('funding');
  const bankNameOf = useBankName();
  const cards = useLiveData('bank-cards', loadCards);
  const [open, setOpen] = useState<string | null>(null);

  const add = (
    <ButtonLink href={ADD_BANK_PATH} testId="card-add">
      {t('cards.add')}
    </ButtonLink>
  );
  let body;
  if (cards.status === 'loading') body = <ListSkeleton rows={3} />;
  else if (cards.status === 'error') body = <ErrorState error={cards.error} onRetry={cards.reload} />;
  else if (cards.data.list.length === 0)
    body = <EmptyState title={t('cards.empty')} body={t('cards.empty_body')} action={add} />;
  else
    body = (
      <>
        <ul className="card-list" data-testid="card-list">
          {cards.data.list.map((card) => (
            <li key={card.id}>
              <button
                type="button"
                className="funding-row"
                data-testid={`card-${card.id}`}
                onClick={() => setOpen(card.id)}
              >
                <span className="funding-row__main">
                  <span className="funding-row__title">{bankNameOf(card.bankName)}</span>
                  <span className="funding-row__sub num">{card.accountNumber}</span>
                </span>
                <span className="funding-row__side">{card.holderName}</span>
              </button>
            </li>
          ))}
        </ul>
        {add}
      </>
    );

  return (
    <Screen className="funding-screen">
      <Navbar title={t('cards.title')} />
      <div className="screen__body">{body}</div>
      {open !== null && (
        <BankCardSheet
          id={open}
          onClose={() => setOpen(null)}
          onDeleted={() => {
            setOpen(null);
            cards.reload();
          }}
        />
      )}
    </Screen>
  );
}
