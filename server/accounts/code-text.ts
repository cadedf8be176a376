import type { Locale } from '../../domain/format/locale';

export type CodePurpose = 'register' | 'reset' | 'email' | 'tradepwd' | 'withdrawpwd';

type Texts = { subject: string; purpose: Record<CodePurpose, string>; body: string };

/**
 * What the sandbox "sends" with a code (the outbox the operator CLI reads). The code is in
 * the body and nowhere else: never in an API answer, never in a log.
 */
const TEXTS: Record<Locale, Texts> = {
  'tr-TR': {
    subject: 'Seans doğrulama kodu',
    purpose: {
      register: 'Seans hesabınızı oluşturmak için',
      reset: 'Giriş şifrenizi sıfırlamak için',
      email: 'E-posta adresinizi değiştirmek için',
      tradepwd: 'İşlem şifrenizi değiştirmek için',
      withdrawpwd: 'Para çekme şifrenizi değiştirmek için',
    },
    body: '{{purpose}} Seans doğrulama kodunuz: {{code}}. Kod {{minutes}} dakika geçerlidir. Bu kodu kimseyle paylaşmayın; Seans çalışanları kodunuzu asla sormaz.',
  },
  'en-US': {
    subject: 'Seans verification code',
    purpose: {
      register: 'To create your Seans account:',
      reset: 'To reset your login password:',
      email: 'To change your email address:',
      tradepwd: 'To change your transaction password:',
      withdrawpwd: 'To change your withdrawal password:',
    },
    body: '{{purpose}} your Seans verification code is {{code}}. It is valid for {{minutes}} minutes. Do not share it with anyone; Seans staff will never ask for it.',
  },
};

export function codeMessage(
  locale: Locale,
  purpose: CodePurpose,
  code: string,
  ttlSeconds: number,
): { subject: string; body: string } {
  const texts = TEXTS[locale];
  const values: Record<string, string> = {
    purpose: texts.purpose[purpose],
    code,
    minutes: String(Math.max(1, Math.ceil(ttlSeconds / 60))),
  };
  return {
    subject: texts.subject,
    body: texts.body.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? ''),
  };
}
