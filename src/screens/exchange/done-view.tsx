import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import type { ExchangeQuote } from '../../../domain/protocol/exchange';
import { ResultTitle } from '../../components/content/result-title';
import { FigureRows } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { paid, received } from './quote-figures';
import { paths } from '../../paths/paths';
import { Button, ButtonLink } from '../../components/button';

const FUNDS_DETAIL_PATH = paths.fundsIndex;

/** After the booking: what left, what arrived, the ledger reference, and where to see it. */
export function DoneView({
  quote,
  transactionId,
  decimals,
  onAgain,
}: {
  quote: ExchangeQuote;
  transactionId: string;
  decimals: { from: number; to: number };
  onAgain: () => void;
}) {
  const { t } = useTranslation('exchange');
  const { lang } = useSnapshot(prefs);
  // As the quote showed them, and as the wallets and the transfer result show amounts.
  const pay = paid(quote.amount, quote.from, decimals.from, lang);
  const receive = received(quote.receive, quote.to, decimals.to, lang);
  return (
    // The quote and its button are gone: the title takes focus, which reads it (a role=status
    // region that appears with the result is not reliably read).
    <section className="exchange-done" data-testid="exchange-done">
      <ResultTitle as="h2" className="exchange-done__title">
        {t('done.title')}
      </ResultTitle>
      <p className="exchange-done__body">{t('done.body', { pay, receive })}</p>
      <FigureRows
        rows={[
          // Past tense: the quote's "you will receive" read oddly once it was done.
          { label: t('done.paid'), value: pay, testId: 'done-pay' },
          { label: t('done.received'), value: receive, tone: 'strong', testId: 'done-receive' },
          { label: t('done.reference'), value: `#${transactionId}`, testId: 'done-reference' },
        ]}
      />
      <div className="action-pair exchange-done__actions">
        <ButtonLink look="secondary" href={FUNDS_DETAIL_PATH} testId="done-funds">
          {t('done.funds')}
        </ButtonLink>
        <Button look="primary" testId="done-again" onClick={onAgain}>
          {t('done.again')}
        </Button>
      </div>
    </section>
  );
}
