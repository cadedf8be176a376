import { canGoBack, goBack, navigate } from '../../paths/navigation';
import { paths } from '../../paths/paths';

export const CRYPTO_WITHDRAW_PATH = paths.cryptoWithdraw;
export const ADDRESS_LIST_PATH = paths.addressList;

/**
 * The address chosen in the picker, handed back to the withdraw screen it was opened from. Going
 * back (not forward to a second withdraw screen) keeps the history as the user walked it.
 */
let picked: { id: string; currency: string; chain: string } | null = null;

export function withdrawHref(currency: string, chain: string, addressId?: string): string {
  const params = new URLSearchParams({ currency, chain });
  if (addressId !== undefined) params.set('address', addressId);
  return `${CRYPTO_WITHDRAW_PATH}?${params.toString()}`;
}

export function pickAddress(address: { id: string; currency: string; chain: string }): void {
  if (canGoBack()) {
    picked = { id: address.id, currency: address.currency, chain: address.chain };
    goBack();
  } else navigate(withdrawHref(address.currency, address.chain, address.id), { replace: true });
}

/** The address picked since the withdraw screen was left, once. */
export function takePickedAddress(): { id: string; currency: string; chain: string } | null {
  const result = picked;
  picked = null;
  return result;
}

export function pickerHref(currency: string, chain: string): string {
  return `${ADDRESS_LIST_PATH}?${new URLSearchParams({ select: '1', currency, chain }).toString()}`;
}
