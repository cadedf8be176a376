/**
 * Banks operating in Turkey by their 5-digit EFT code, as the code appears in an IBAN (digits
 * 5–9): the deposit, development and participation banks of the EFT system. Names as the banks
 * write them; a code not listed shows as an unknown bank with its code ("Bilinmeyen banka (00061)")
 * rather than a guess, so a card is never shown under the wrong bank.
 */
export const TURKISH_BANKS: Readonly<Record<string, string>> = {
  '00001': 'Türkiye Cumhuriyet Merkez Bankası',
  '00004': 'İller Bankası',
  '00010': 'T.C. Ziraat Bankası',
  '00012': 'Türkiye Halk Bankası',
  '00014': 'Türkiye Sınai Kalkınma Bankası',
  '00015': 'Türkiye Vakıflar Bankası',
  '00016': 'Türk Eximbank',
  '00017': 'Türkiye Kalkınma ve Yatırım Bankası',
  '00032': 'Türk Ekonomi Bankası',
  '00046': 'Akbank',
  '00059': 'Şekerbank',
  '00062': 'Garanti BBVA',
  '00064': 'Türkiye İş Bankası',
  '00067': 'Yapı ve Kredi Bankası',
  '00092': 'Citibank',
  '00099': 'ING Bank',
  '00103': 'Fibabanka',
  '00109': 'ICBC Turkey Bank',
  '00111': 'QNB Bank',
  '00123': 'HSBC Bank',
  '00124': 'Alternatifbank',
  '00125': 'Burgan Bank',
  '00134': 'DenizBank',
  '00135': 'Anadolubank',
  '00143': 'Aktif Yatırım Bankası',
  '00146': 'Odeabank',
  '00203': 'Albaraka Türk Katılım Bankası',
  '00205': 'Kuveyt Türk Katılım Bankası',
  '00206': 'Türkiye Finans Katılım Bankası',
  '00209': 'Ziraat Katılım Bankası',
  '00210': 'Vakıf Katılım Bankası',
  '00211': 'Türkiye Emlak Katılım Bankası',
};

/** The bank's name, or null when the code is not one we list. */
export function bankName(code: string): string | null {
  return TURKISH_BANKS[code] ?? null;
}

/**
 * The name the broker books a Turkish account under when its bank code is not listed ("Banka
 * 00061"), and the code read back from it: a screen in another language names it in its own words
 * ("Unknown bank (00061)") rather than showing the Turkish. One definition for both sides.
 */
export function unlistedBankName(code: string): string {
  return `Banka ${code}`;
}

/** The bank code of a name made by unlistedBankName, or null for any other name. */
export function unlistedBankCode(name: string): string | null {
  return /^Banka (\d{5})$/.exec(name)?.[1] ?? null;
}
