import '../../components/trade/records-namespace';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { CopyIcon } from '../../components/icons';
import { showToast } from '../../services/toast';
import { Button } from '../../components/button';

/**
 * Copies `text` (an address, a hash) and says so; where the clipboard is refused, says that. With
 * a `name` it is a compact icon button beside its value, named for it ("Copy Address"), where a
 * full-width "Copy" under each long value made a detail screen of buttons.
 */
export function CopyButton({ text, testId, name }: { text: string; testId?: string; name?: string }) {
  const { t } = useTranslation('coinFunding');
  const { t: tr } = useTranslation('records');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      showToast(name ? tr('copy.copied_named', { name }) : t('deposit.copied'));
    } catch {
      showToast(t('deposit.copy_failed'));
    }
  };
  if (name)
    return (
      <button
        type="button"
        className="copy-icon"
        aria-label={tr('copy.named', { name })}
        data-testid={testId}
        data-copied={copied || undefined}
        onClick={() => void copy()}
      >
        <CopyIcon width={20} height={20} />
      </button>
    );
  return (
    <Button testId={testId} data-copied={copied || undefined} onClick={() => void copy()}>
      {copied ? t('deposit.copied') : t('deposit.copy')}
    </Button>
  );
}
