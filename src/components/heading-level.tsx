import { createContext, useContext, type ReactNode } from 'react';

/**
 * The level a section's heading takes where it is shown: h2 on a screen (under the navbar's h1),
 * h3 inside a sheet (under the sheet's h2 title). A block shown in both (the cost breakdown, on
 * the ticket and again in the confirm sheet) then never skips a level on either.
 */
const Level = createContext<2 | 3>(2);

export function SubsectionHeadings({ children }: { children: ReactNode }) {
  return <Level.Provider value={3}>{children}</Level.Provider>;
}

export function SectionHeading({ className, children }: { className?: string; children: ReactNode }) {
  const Tag = useContext(Level) === 3 ? 'h3' : 'h2';
  return <Tag className={className}>{children}</Tag>;
}
