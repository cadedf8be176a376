import { useSnapshot } from 'valtio';
import { toast } from '../services/toast';

/** The live region is always mounted so screen readers announce each new text. */
export function ToastHost() {
  const { text, id } = useSnapshot(toast);
  return (
    <div className="toast-region" data-testid="toast" role="status" aria-live="polite" aria-atomic="true">
      {text !== '' && (
        <div key={id} className="toast">
          {text}
        </div>
      )}
    </div>
  );
}
