import type { ReactNode } from 'react';
import { TabPanel, Tabs, type TabOption } from '../../components/tabs';

/**
 * A list under a ticket with its own tabs (open | history), an action beside them (close all,
 * cancel all) and the selected tab's panel.
 */
export function ListSection<T extends string>({
  label,
  idPrefix,
  options,
  selected,
  onSelect,
  action,
  children,
}: {
  label: string;
  idPrefix: string;
  options: readonly TabOption<T>[];
  selected: T;
  onSelect: (value: T) => void;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="list-section" aria-label={label}>
      <div className="split-row list-section__head">
        <Tabs<T>
          label={label}
          idPrefix={idPrefix}
          selected={selected}
          onSelect={onSelect}
          options={options}
        />
        {action}
      </div>
      <TabPanel idPrefix={idPrefix} selected={selected}>
        {children}
      </TabPanel>
    </section>
  );
}
