import { proxy } from 'valtio';

/** SPEC §9 lists twelve spinner types; the shell draws the default `atom` (DECISIONS §3). */
export type LoadingType = 'atom';

export const loading = proxy({ visible: false, type: 'atom' as LoadingType, text: '' });

export function showLoading(text = '', type: LoadingType = 'atom'): void {
  loading.visible = true;
  loading.type = type;
  loading.text = text;
}

export function hideLoading(): void {
  loading.visible = false;
  loading.text = '';
}
