import '../../i18n/pages';
import { useTranslation } from '../../i18n/hook';
import { ImagePicker } from '../../components/form/image-picker';

type Props = {
  side: 'front' | 'back';
  testId: string;
  value: Blob | null;
  onChange: (image: Blob | null) => void;
  /** A message from the form (e.g. the image is required). */
  error?: string | undefined;
  disabled?: boolean;
};

/** One document side: pick or take a photo, see exactly what will be sent (compressed). */
export function DocumentPicker({ side, ...picker }: Props) {
  const { t } = useTranslation('content');
  const label = t(`kyc.form.${side}`);
  const texts = {
    label,
    preview: t('kyc.form.preview', { side: label }),
    pick: t('kyc.form.pick'),
    change: t('kyc.form.change'),
    compressing: t('kyc.form.compressing'),
  };
  return <ImagePicker id={`kyc-${side}-input`} texts={texts} {...picker} />;
}
