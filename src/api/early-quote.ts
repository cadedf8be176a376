/// <reference lib="dom" />
/**
 * The price in index.html's frame before the app runs. On the routes
 * src/paths/preloaded-routes.ts marks with `paint`, route-preload's script already asks for the stock's
 * info as the page opens; when the answer arrives while the frame is still up, this writes the
 * symbol into the frame's title and the price where the screen shows it, in the screen's size and
 * tone. On a phone on a slow network the price is then on screen one round trip after the page,
 * instead of after the ~150 KiB of scripts the screen needs. The app's first render replaces the
 * whole frame; the figure is the same answer the screen reads, so nothing jumps but the frame.
 *
 * Self-contained, with no imports and nothing from outside its body: the build writes its source
 * (`toString`, minified) into route-preload's script, which runs before any module. It formats without Intl: the first
 * Intl object a page builds loads the browser's locale data on the main thread (a long task on a
 * phone), which route-preload's worker moves off it. early-quote.test.ts holds it to
 * formatPrice's output in both languages.
 */
export function paintEarlyQuote(body: unknown, lang: string): void {
  const frame = document.getElementById('app-frame');
  const main = frame?.querySelector('.app-main');
  const title = frame?.querySelector('.navbar__title');
  if (!main || !title || typeof body !== 'object' || body === null) return;
  const { code, data } = body as { code?: unknown; data?: unknown };
  if (code !== 0 || typeof data !== 'object' || data === null) return;
  const { symbol, price, priceScale, change } = data as Record<string, unknown>;
  if (typeof symbol !== 'string' || typeof price !== 'string' || typeof change !== 'string') return;
  if (typeof priceScale !== 'number' || !Number.isInteger(priceScale) || priceScale < 0 || priceScale > 12)
    return;
  const parts = /^(\d+)(?:\.(\d+))?$/.exec(price);
  if (!parts || !/^[-+]?\d+(\.\d+)?$/.test(change)) return;
  const english = lang === 'en-US';
  // Truncated, never rounded, as formatPrice does; grouped in threes from the point.
  const whole = (parts[1] as string).replace(/\B(?=(\d{3})+$)/g, english ? ',' : '.');
  const fraction = (parts[2] ?? '').padEnd(priceScale, '0').slice(0, priceScale);
  const text = fraction === '' ? whole : whole + (english ? '.' : ',') + fraction;
  const tone = /^[-+]?[0.]+$/.test(change) ? 'flat' : change.startsWith('-') ? 'down' : 'up';

  const column = document.createElement('div');
  column.className = 'screen__body early-quote';
  const figure = document.createElement('span');
  figure.className = `early-quote__price early-quote--${tone}`;
  figure.dataset.testid = 'early-quote';
  figure.textContent = text;
  column.append(figure);
  title.textContent = symbol;
  main.className = 'app-main screen';
  main.replaceChildren(column);
}
