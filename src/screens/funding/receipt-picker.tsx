import { useTranslation } from '../../i18n/hook';
import { ImagePicker } from '../../components/form/image-picker';

/**
 * The transfer receipt of an offline deposit, with KYC's upload rules and client checks (JPEG,
 * PNG or WebP, compressed before sending); the preview is exactly what will be uploaded.
 */
export function ReceiptPicker(props: {
  value: Blob | null;
  onChange: (image: Blob | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('funding');
  const texts = {
    label: t('offline.receipt'),
    preview: t('offline.preview'),
    pick: t('offline.pick'),
    change: t('offline.change'),
    compressing: t('offline.compressing'),
  };
  return <ImagePicker id="receipt-input" testId="receipt" texts={texts} {...props} />;
}
