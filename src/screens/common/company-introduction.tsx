import { LegalScreen } from './text-blocks';

export default function CompanyIntroduction() {
  return <LegalScreen title="screen.companyIntroduction" textKey="legal.companyIntroduction" />;
}
