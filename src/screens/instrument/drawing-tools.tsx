import '../../i18n/chart';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { alertKindFor, type Drawing } from '../../../domain/chart/drawing';
import { formatPrice } from '../../../domain/format/number';
import { useTranslation } from '../../i18n/hook';
import { loginPathFor } from '../../paths/navigation';
import { prefs } from '../../state/prefs';
import { alertPath } from './chart-path';
import type { DrawingLayer, Tool } from './use-drawing-layer';
import type { Drawings } from './use-drawings';

type Props = {
  symbol: string;
  scale: number;
  /** The instrument's last price, which a horizontal line's alert is set against. */
  last: string;
  drawings: Pick<Drawings, 'signedIn' | 'lines' | 'remove'>;
  layer: Pick<DrawingLayer, 'tool' | 'pending' | 'selected' | 'choose' | 'setSelected'>;
};

const TOOLS: readonly Exclude<Tool, 'none'>[] = ['hline', 'trend'];

/**
 * The drawing tools, what the next tap does, the selected line's actions and, for screen readers
 * and keyboards, the lines as a list (the canvas shows them only as pixels).
 */
export function DrawingTools({ symbol, scale, last, drawings, layer }: Props) {
  const { signedIn, lines } = drawings;
  const { tool, pending, selected, choose, setSelected } = layer;
  const { t } = useTranslation('chart');
  const { lang } = useSnapshot(prefs);
  if (!signedIn)
    return (
      <div className="drawing-tools">
        <Link
          className="kline-chip"
          href={loginPathFor(location.pathname + location.search)}
          data-testid="drawing-sign-in"
        >
          {t('sign_in')}
        </Link>
      </div>
    );
  const price = (value: string) => formatPrice(value, lang, scale);
  const describe = (line: Drawing) =>
    line.kind === 'hline'
      ? t('line.hline', { price: price(line.price) })
      : t('line.trend', { from: price(line.a.price), to: price(line.b.price) });
  const chosen = lines?.find((line) => line.id === selected) ?? null;
  const hint =
    tool === 'hline'
      ? t('hint.hline')
      : tool === 'trend'
        ? t(pending ? 'hint.trend_second' : 'hint.trend_first')
        : null;

  return (
    <div className="drawing-tools" data-testid="drawing-tools" data-lines={lines?.length ?? -1}>
      <div className="drawing-tools__row" role="toolbar" aria-label={t('tools')}>
        {TOOLS.map((name) => (
          <button
            key={name}
            type="button"
            className={tool === name ? 'kline-chip kline-chip--on' : 'kline-chip'}
            aria-pressed={tool === name}
            data-testid={`tool-${name}`}
            onClick={() => choose(name)}
          >
            <ToolIcon tool={name} />
            <span>{t(`tool.${name}`)}</span>
          </button>
        ))}
        {hint && (
          <span className="drawing-tools__hint" role="status" data-testid="drawing-hint">
            {hint}
          </span>
        )}
      </div>
      {chosen && (
        <SelectedLine
          line={chosen}
          name={describe(chosen)}
          symbol={symbol}
          last={last}
          remove={drawings.remove}
          onDeselect={() => setSelected(null)}
        />
      )}
      {lines && lines.length > 0 && (
        <ul className="visually-hidden" aria-label={t('lines')} data-testid="drawing-list">
          {lines.map((line) => (
            <li key={line.id}>
              <button type="button" aria-pressed={line.id === selected} onClick={() => setSelected(line.id)}>
                {describe(line)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The selected line: what it is, an alert at its price (a horizontal one), delete and deselect. */
function SelectedLine({
  line,
  name,
  symbol,
  last,
  remove,
  onDeselect,
}: {
  line: Drawing;
  name: string;
  symbol: string;
  last: string;
  remove: Drawings['remove'];
  onDeselect: () => void;
}) {
  const { t } = useTranslation('chart');
  return (
    <div className="drawing-tools__row drawing-tools__selected" data-testid="drawing-selected">
      <span className="drawing-tools__name num">{name}</span>
      {line.kind === 'hline' && (
        <Link
          className="kline-chip kline-chip--on"
          href={alertPath(symbol, alertKindFor(line.price, last), line.price)}
          data-testid="drawing-alert"
        >
          {t('alert')}
        </Link>
      )}
      <button
        type="button"
        className="kline-chip"
        data-testid="drawing-delete"
        // Deleted, it is no longer the selected line.
        onClick={() => void remove(line.id).then(onDeselect, () => undefined)}
      >
        {t('delete')}
      </button>
      <button type="button" className="kline-chip" aria-label={t('deselect')} onClick={onDeselect}>
        ×
      </button>
    </div>
  );
}

function ToolIcon({ tool }: { tool: Exclude<Tool, 'none'> }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d={tool === 'hline' ? 'M3 12h18' : 'M4 19L20 5'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
