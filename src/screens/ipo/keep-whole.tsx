import type { ReactNode } from 'react';

/**
 * `text` with each of `figures` in it (a date and time, an amount) kept on one line: at 200 % text
 * a sentence wrapped "29-11-2026" at its hyphen ("29-11-" / "2026"). The words around still wrap.
 */
export function KeepWhole({ text, figures }: { text: string; figures: string[] }) {
  const parts: ReactNode[] = [];
  let rest = text;
  for (;;) {
    let at = -1;
    let figure = '';
    for (const candidate of figures) {
      const found = candidate === '' ? -1 : rest.indexOf(candidate);
      if (found >= 0 && (at < 0 || found < at)) [at, figure] = [found, candidate];
    }
    if (at < 0) break;
    parts.push(
      rest.slice(0, at),
      <span key={parts.length} className="keep-whole">
        {figure}
      </span>,
    );
    rest = rest.slice(at + figure.length);
  }
  parts.push(rest);
  return <>{parts}</>;
}
