import { useSearch } from 'wouter';

/** The `symbol` query parameter, normalised as the wire spells symbols (`THYAO`, `BTCUSDT`). */
export function useSymbol(): string {
  const search = useSearch();
  return (new URLSearchParams(search).get('symbol') ?? '').trim().toUpperCase();
}

/** Another query parameter, as given. */
export function useQueryParam(name: string): string | null {
  return new URLSearchParams(useSearch()).get(name);
}
