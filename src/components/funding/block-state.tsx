// The error texts it shows ship with the product screens' part (src/i18n/errors-screens.ts).
import '../../i18n/errors-screens';
// The funding texts (not its styles: a crypto funding screen shows these too).
import './texts';
import { useTranslation } from '../../i18n/hook';
import { FUNDING_BLOCKS, type FundingBlock, type FundingHours } from '../../../domain/protocol/funding';
import { HoursNote } from './hours-note';
import { SwitchRealButton } from '../switch-real-button';
import { passwordHref, paths } from '../../paths/paths';
import { ButtonLink } from '../button';

export const KYC_PATH = paths.kyc;
export const WITHDRAW_PASSWORD_PATH = passwordHref('withdraw');
export const ADD_BANK_PATH = paths.addBank;

/** The block to explain first: the order of FUNDING_BLOCKS (demo before hours before KYC…). */
export function firstBlock(blocks: readonly FundingBlock[]): FundingBlock | null {
  return FUNDING_BLOCKS.find((block) => blocks.includes(block)) ?? null;
}

/**
 * Why the user cannot start, shown instead of the form (DECISIONS §2: every condition before the
 * user starts, never an error after submit), with the one step that lifts it. `hours` is needed
 * only to explain FUNDING_CLOSED (a screen that knows only the account type may leave it out).
 */
export function BlockState({ block, hours }: { block: FundingBlock; hours?: FundingHours | undefined }) {
  const { t } = useTranslation('funding');
  let action = null;
  if (block === 'DEMO_NOT_ALLOWED')
    action = <SwitchRealButton label={t('block.switch_real')} testId="block-switch-real" />;
  else if (block === 'FUNDING_CLOSED')
    action = hours ? <HoursNote hours={hours} testId="block-hours" /> : null;
  else {
    const href =
      block === 'KYC_REQUIRED'
        ? KYC_PATH
        : block === 'BANK_CARD_REQUIRED'
          ? ADD_BANK_PATH
          : WITHDRAW_PASSWORD_PATH;
    action = (
      <ButtonLink href={href} testId="block-action">
        {t(`block.action_${block}`)}
      </ButtonLink>
    );
  }
  return (
    <div className="state-message" data-testid="funding-block" data-block={block}>
      <p className="state-message__title">{t(block, { ns: 'errors' })}</p>
      <p className="state-message__body">{t(`block.body_${block}`)}</p>
      {action}
    </div>
  );
}
