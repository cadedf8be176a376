import { LegalScreen } from './text-blocks';

export default function Disclaimer() {
  return <LegalScreen title="screen.disclaimer" textKey="legal.disclaimer" />;
}
