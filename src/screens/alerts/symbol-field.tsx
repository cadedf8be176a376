import '../../styles/symbol-field.css';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { suggestSymbols, type SymbolChoice } from '../../../domain/market/symbol-search';
import { TextField } from '../../components/form/text-field';
import { useTranslation } from '../../i18n/hook';
import { useSymbolChoices } from './symbol-choices';

type Props = { value: string; onChange: (symbol: string) => void; error?: string | undefined };

/**
 * The alert's symbol, with the stocks and coins that match what is typed listed under it (the
 * ARIA combobox pattern): arrows and Enter pick one, Escape closes the list, a tap picks one.
 */
export function SymbolField({ value, onChange, error }: Props) {
  const { t, i18n } = useTranslation('alerts');
  const listId = useId();
  const [touched, setTouched] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const choices = useSymbolChoices(touched);
  const shown = useMemo(() => {
    const found = suggestSymbols(choices, value, i18n.language);
    // A symbol typed out in full needs no list under it.
    return found.length === 1 && found[0]!.symbol === value ? [] : found;
  }, [choices, value, i18n.language]);
  const expanded = open && shown.length > 0;

  const pick = (symbol: string) => {
    onChange(symbol);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (shown.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((now) => (now + step + shown.length) % shown.length);
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      // Picks the suggestion instead of sending the form.
      event.preventDefault();
      pick(shown[active]!.symbol);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="symbol-field">
      <TextField
        label={t('symbol')}
        value={value}
        onValueChange={(v) => {
          onChange(v.toUpperCase());
          setTouched(true);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setTouched(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        hint={t('symbol_hint')}
        error={error}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        testId="alert-symbol"
      />
      <SuggestionList
        id={listId}
        shown={expanded ? shown : []}
        active={active}
        label={t('suggestions')}
        marketLabel={(market) => t(`market.${market}`)}
        onPick={pick}
      />
    </div>
  );
}

function SuggestionList(props: {
  id: string;
  shown: readonly SymbolChoice[];
  active: number;
  label: string;
  marketLabel: (market: SymbolChoice['market']) => string;
  onPick: (symbol: string) => void;
}) {
  const { id, shown, active } = props;
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={props.label}
      className="symbol-field__list"
      hidden={shown.length === 0}
      data-testid="alert-symbol-list"
    >
      {shown.map((choice, i) => (
        <li
          key={choice.symbol}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          className="symbol-field__option"
          data-testid={`alert-symbol-option-${choice.symbol}`}
          // Kept from taking the focus, so the input's blur does not close the list first.
          onPointerDown={(event) => event.preventDefault()}
          onClick={() => props.onPick(choice.symbol)}
        >
          <span className="symbol-field__symbol">{choice.symbol}</span>
          <span className="symbol-field__name">{choice.name}</span>
          <span className="symbol-field__market">{props.marketLabel(choice.market)}</span>
        </li>
      ))}
    </ul>
  );
}
