import type { TFunction } from 'i18next';
import { useTranslation } from '../../i18n/hook';
import type { Locale } from '../../../domain/format/locale';
import { formatDateTime } from '../../../domain/format/date';
import type { OptionRule } from '../../../domain/protocol/options';
import { FigureRows } from '../../components/trade/figure-rows';
import type { BuyFigures } from './figures';
import { count, share } from './format';
import { costRows } from './ticket-figures';
import { formatTry } from '../../../domain/format/number';

/** The ticket's cost and risk block: every figure, the most that can be lost, how it settles. */
export function TicketCost({
  rule,
  figures,
  expiresAt,
  locale,
}: {
  rule: OptionRule;
  figures: BuyFigures | null;
  expiresAt: number;
  locale: Locale;
}) {
  const { t } = useTranslation('options');
  return (
    <section className="options-block" aria-label={t('ticket.figures')}>
      <h2 className="section-title">{t('ticket.figures')}</h2>
      <FigureRows rows={costRows(figures, t, locale, rule.priceScale)} testId="option-figures" />
      <p className="options-risk" data-testid="option-max-loss">
        {figures?.cost == null
          ? t('ticket.max_loss_unknown')
          : t('ticket.max_loss_now', { amount: formatTry(figures.cost, locale) })}
      </p>
      {figures && (
        <p className="hint" data-testid="option-quote-note">
          {t('ticket.quote_note', { seconds: String(rule.quoteSeconds) })}
        </p>
      )}
      {/* An early close's spread is a cost too: said before buying, not first on the close sheet. */}
      <p className="hint" data-testid="option-close-spread">
        {t('ticket.close_spread', { spread: share(rule.closeSpread, locale) })}
      </p>
      <p className="hint">
        {t('ticket.settles', { time: formatDateTime(expiresAt, locale) })}{' '}
        {t('ticket.model', { vol: share(rule.volatility, locale), rate: share(rule.rate, locale) })}
      </p>
    </section>
  );
}

/**
 * Why the buy button is off for want of money, with the most that fits (a greyed-out button at the
 * bottom of the screen with its reason scrolled out of view above said nothing).
 */
export function shortReason(
  available: string | null,
  cost: string | null | undefined,
  affordable: bigint,
  t: TFunction<'options'>,
  locale: Locale,
): string {
  const most =
    affordable > 0n
      ? t('ticket.max_affordable', {
          count: Number(affordable),
          contracts: count(affordable.toString(), locale),
        })
      : t('ticket.none_affordable');
  return `${t('ticket.insufficient', { available: formatTry(available, locale), amount: formatTry(cost, locale) })} ${most}`;
}
