import { LegalScreen } from './text-blocks';

export default function PrivacyPolicy() {
  return <LegalScreen title="screen.privacyPolicy" textKey="legal.privacyPolicy" />;
}
