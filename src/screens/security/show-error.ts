import { isApiError } from '../../api/request';
import { showToast } from '../../services/toast';

/** For actions outside a form (switches, buttons): the reason as a toast; -1000 has already left. */
export function toastError(error: unknown): void {
  if (!isApiError(error)) throw error;
  if (error.kind !== 'session') showToast(error.msg);
}
