import { useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { showToast } from '../../services/toast';

/** Copies `text` (an address, a hash) and says so; where the clipboard is refused, says that. */
export function CopyButton({ text, testId }: { text: string; testId?: string }) {
  const { t } = useTranslation('coinFunding');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      showToast(t('deposit.copied'));
    } catch {
      showToast(t('deposit.copy_failed'));
    }
  };
  return (
    <button
      type="button"
      className="button button--secondary"
      data-testid={testId}
      data-copied={copied || undefined}
      onClick={() => void copy()}
    >
      {copied ? t('deposit.copied') : t('deposit.copy')}
    </button>
  );
}
