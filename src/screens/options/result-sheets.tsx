import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import type { OptionPosition } from '../../../domain/protocol/options';
import { BottomSheet } from '../../components/trade/bottom-sheet';
import { FigureRows } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { count, premiumText, signedMoney } from './format';
import { optionLabel } from './ticket-figures';
import { toneOf } from '../../components/tone';
import { formatTry } from '../../../domain/format/number';
import { Button } from '../../components/button';

function Done({
  title,
  text,
  rows,
  onClose,
  action,
  testId,
}: {
  title: string;
  text: string;
  rows: Parameters<typeof FigureRows>[0]['rows'];
  onClose: () => void;
  action?: { label: string; run: () => void };
  testId: string;
}) {
  const { t } = useTranslation('options');
  return (
    <BottomSheet title={title} onClose={onClose} testId={testId}>
      <p className="options-done">{text}</p>
      <FigureRows rows={rows} testId={`${testId}-figures`} />
      <div className="sheet__actions">
        {action && (
          <Button onClick={action.run} testId={`${testId}-action`}>
            {action.label}
          </Button>
        )}
        <Button look="primary" onClick={onClose} testId={`${testId}-ok`} data-autofocus>
          {t('done.ok')}
        </Button>
      </div>
    </BottomSheet>
  );
}

/** The server's answer to a buy: the position as charged (its premium may be below the one shown). */
export function BoughtSheet({
  position: p,
  onClose,
  onShowPositions,
}: {
  position: OptionPosition;
  onClose: () => void;
  onShowPositions: () => void;
}) {
  const { t } = useTranslation('options');
  const locale = useSnapshot(prefs).lang;
  return (
    <Done
      title={t('done.bought')}
      text={t('done.bought_text')}
      rows={[
        { label: t('sheet.option'), value: `${p.symbol} · ${optionLabel(p.kind, p.strike, t, locale, 2)}` },
        { label: t('ticket.contracts'), value: count(p.contracts, locale) },
        { label: t('ticket.premium'), value: premiumText(p.premium, locale), testId: 'bought-premium' },
        { label: t('ticket.total'), value: formatTry(p.premiumTotal, locale) },
        { label: t('ticket.fee'), value: formatTry(p.fee, locale) },
        { label: t('ticket.cost'), value: formatTry(p.cost, locale), tone: 'strong', testId: 'bought-cost' },
      ]}
      onClose={onClose}
      action={{ label: t('done.see_positions'), run: onShowPositions }}
      testId="option-bought"
    />
  );
}

/** The server's answer to an early close: what was credited and the P&L realised. */
export function ClosedSheet({ position: p, onClose }: { position: OptionPosition; onClose: () => void }) {
  const { t } = useTranslation('options');
  const locale = useSnapshot(prefs).lang;
  return (
    <Done
      title={t('done.closed')}
      text={t('done.closed_text')}
      rows={[
        { label: t('sheet.option'), value: `${p.symbol} · ${optionLabel(p.kind, p.strike, t, locale, 2)}` },
        { label: t('positions.proceeds'), value: formatTry(p.payoff, locale), testId: 'closed-proceeds' },
        {
          label: t('positions.pnl'),
          value: signedMoney(p.pnl, locale),
          tone: toneOf(p.pnl),
          testId: 'closed-pnl',
        },
      ]}
      onClose={onClose}
      testId="option-closed-result"
    />
  );
}
