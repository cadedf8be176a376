import { useSearch } from 'wouter';

/** The `symbol` query parameter as the wire spells symbols (`THYAO`); '' when absent. */
export function useSymbol(): string {
  return (new URLSearchParams(useSearch()).get('symbol') ?? '').trim().toUpperCase();
}

/** Another query parameter, as given. */
export function useQueryParam(name: string): string | null {
  return new URLSearchParams(useSearch()).get(name);
}
