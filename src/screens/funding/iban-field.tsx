import { useTranslation } from '../../i18n/hook';
import { bankName } from '../../../domain/funding/banks';
import {
  checkTurkishIban,
  formatIban,
  ibanBankCode,
  ibanCharacters,
  normaliseIban,
  TR_IBAN_LENGTH,
  type IbanProblem,
} from '../../../domain/funding/iban';
import { TextField } from '../../components/form/text-field';

/**
 * What to say about an IBAN while it is typed: a wrong shape at once (letters after TR, too
 * long), the checksum only once all 26 characters are there — never "wrong" half way through.
 */
export function liveIbanProblem(typed: string): IbanProblem | null {
  const iban = normaliseIban(typed);
  if (iban === '') return null;
  const shapeSoFar = /^T?$|^TR\d{0,24}$/.test(iban) && (iban.length < 10 || iban[9] === '0');
  if (!shapeSoFar || iban.length > TR_IBAN_LENGTH) return 'IBAN_FORMAT';
  return iban.length === TR_IBAN_LENGTH ? checkTurkishIban(iban) : null;
}

/** The bank named by the code in digits 5–9, as soon as they are typed; a code we don't list says so. */
export function ibanBank(typed: string): { code: string; name: string | null } | null {
  const iban = normaliseIban(typed);
  if (!/^TR\d{7}/.test(iban)) return null;
  const code = ibanBankCode(iban);
  return { code, name: bankName(code) };
}

/** A Turkish IBAN, shown in groups of four as typed, upper case, checked live. */
export function IbanField({
  value,
  onValueChange,
  error,
}: {
  value: string;
  onValueChange: (value: string) => void;
  /** A server or submit-time message; the live check's own message otherwise. */
  error?: string | undefined;
}) {
  const { t } = useTranslation('funding');
  const problem = liveIbanProblem(value);
  const bank = ibanBank(value);
  const length = normaliseIban(value).length;
  let hint: string = t('add.iban_hint', { n: length, total: TR_IBAN_LENGTH });
  if (bank) hint = bank.name ?? t('add.bank_unknown', { code: bank.code });
  return (
    <TextField
      label={t('add.iban')}
      value={value}
      onValueChange={(typed) => onValueChange(formatIban(ibanCharacters(typed).slice(0, 34)))}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      inputMode="text"
      placeholder="TR00 0000 0000 0000 0000 0000 00"
      className="num"
      testId="add-iban"
      error={error ?? (problem ? t(problem, { ns: 'errors' }) : undefined)}
      hint={<span data-testid="add-bank-name">{hint}</span>}
    />
  );
}
