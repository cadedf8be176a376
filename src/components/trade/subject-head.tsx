import type { ReactNode } from 'react';

/**
 * The head of a primary-market or robot screen (styles/ipo.css): what the screen is about, its
 * symbol or level first and its name beside it, then whatever the screen says under them (a
 * status badge, a summary, a countdown).
 */
export function SubjectHead({
  symbol,
  name,
  children,
}: {
  symbol: string;
  name: string;
  children?: ReactNode;
}) {
  return (
    <header className="ipo-head">
      <div className="ipo-head__who">
        <span className="ipo-head__symbol">{symbol}</span>
        <span className="ipo-head__name">{name}</span>
      </div>
      {children}
    </header>
  );
}
