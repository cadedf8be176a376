import { useTranslation } from '../../i18n/hook';
import { showToast } from '../../services/toast';

async function copy(value: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    showToast(done);
  } catch {
    // SPEC §8: a failed copy is silently ignored.
  }
}

/** A label, a value to type into a banking app, and a copy button beside it (44 px target). */
export function CopyRow({
  label,
  value,
  shown,
  testId,
}: {
  label: string;
  /** What goes to the clipboard (an IBAN without spaces). */
  value: string;
  /** What is read (the IBAN in groups of four); `value` when absent. */
  shown?: string;
  testId: string;
}) {
  const { t } = useTranslation('funding');
  return (
    <div className="copy-row">
      <dt className="copy-row__label">{label}</dt>
      <dd className="copy-row__value">
        <span className="num" data-testid={testId}>
          {shown ?? value}
        </span>
        <button
          type="button"
          className="copy-row__button"
          data-testid={`${testId}-copy`}
          aria-label={t('copy.label', { what: label })}
          onClick={() => void copy(value, t('copy.done'))}
        >
          {t('copy.action')}
        </button>
      </dd>
    </div>
  );
}
