import type { ReactNode } from 'react';

export type TabOption<T extends string> = { value: T; label: ReactNode; testId: string };

type Props<T extends string> = {
  /** The strip's accessible name. */
  label: string;
  options: readonly TabOption<T>[];
  selected: T;
  onSelect: (value: T) => void;
  /** Ids tie each tab to the panel it controls (`<idPrefix>-tab-<value>`, `<idPrefix>-panel`). */
  idPrefix: string;
  /** The strip's look: the screen-wide underline tabs, or a component's own class. */
  className?: string;
  tabClassName?: string;
};

/**
 * One tab strip for the segmented screens (markets, watchlist, messages, book/trades): the
 * same roles, ids and selected state everywhere. The panel is `TabPanel` with the same
 * `idPrefix` and `selected`.
 */
export function Tabs<T extends string>({
  label,
  options,
  selected,
  onSelect,
  idPrefix,
  className = 'tabs',
  tabClassName = 'tabs__tab',
}: Props<T>) {
  return (
    <div className={className} role="tablist" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="tab"
          id={tabId(idPrefix, option.value)}
          aria-selected={option.value === selected}
          aria-controls={tabPanelId(idPrefix)}
          className={option.value === selected ? `${tabClassName} ${tabClassName}--selected` : tabClassName}
          data-testid={option.testId}
          onClick={() => onSelect(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

export const tabId = (idPrefix: string, value: string) => `${idPrefix}-tab-${value}`;
export const tabPanelId = (idPrefix: string) => `${idPrefix}-panel`;

/** The panel a `Tabs` strip controls, named by its selected tab. */
export function TabPanel({
  idPrefix,
  selected,
  className,
  children,
}: {
  idPrefix: string;
  selected: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={className}
      role="tabpanel"
      id={tabPanelId(idPrefix)}
      aria-labelledby={tabId(idPrefix, selected)}
    >
      {children}
    </div>
  );
}
