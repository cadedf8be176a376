import { useTranslation } from '../../i18n/hook';
import type { FigureRow } from '../../components/trade/figure-rows';
import { FigureRows } from '../../components/trade/figure-rows';
import { Button } from '../../components/button';

/**
 * The quote before anything moves: every figure, a visible countdown, and one button that is
 * "Exchange" while the quote holds and "Refresh quote" once it has expired (or the server said
 * so): an expired quote can never be confirmed from here.
 */
export function QuoteCard({
  rows,
  secondsLeft,
  staleText,
  busy,
  onConfirm,
  onRefresh,
}: {
  rows: readonly FigureRow[];
  secondsLeft: number;
  /** The server's words when it refused the quote as expired (a clock ahead of ours): expired whatever we count. */
  staleText: string | null;
  busy: boolean;
  onConfirm: () => void;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('exchange');
  const expired = staleText !== null || secondsLeft <= 0;
  return (
    <section className="exchange-quote" aria-label={t('quote.title')} data-testid="quote-card">
      <header className="exchange-quote__head">
        <h2 className="exchange-quote__title">{t('quote.title')}</h2>
        {!expired && (
          <span className="exchange-quote__timer num" role="timer" data-testid="quote-countdown">
            {t('quote.valid', { seconds: secondsLeft })}
          </span>
        )}
      </header>
      <FigureRows rows={rows} label={t('quote.title')} testId="quote-figures" />
      {expired && (
        <p className="exchange-quote__expired" role="status" data-testid="quote-expired">
          {staleText ?? t('quote.expired')}
        </p>
      )}
      <Button
        look={expired ? 'secondary' : 'primary'}
        testId={expired ? 'quote-refresh' : 'quote-confirm'}
        disabled={busy}
        aria-busy={(expired && busy) || undefined}
        onClick={expired ? onRefresh : onConfirm}
      >
        {t(expired ? 'quote.refresh' : 'quote.confirm')}
      </Button>
    </section>
  );
}
