// The funding texts (not its styles: a crypto funding screen shows bank names too).
import './texts';
import { useTranslation } from '../../i18n/hook';
import { unlistedBankCode } from '../../../domain/funding/banks';

/**
 * A saved account's bank as the user reads it: the name the broker answers, except an unlisted
 * Turkish bank, which the broker books as "Banka 00061" and a screen names "Unknown bank (00061)"
 * in its own language (not the Turkish word on every English funding screen), as the IBAN
 * field does.
 */
export function useBankName(): (name: string) => string {
  const { t } = useTranslation('funding');
  return (name) => {
    const code = unlistedBankCode(name);
    return code === null ? name : t('add.bank_unknown', { code });
  };
}
