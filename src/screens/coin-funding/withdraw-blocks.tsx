import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { FundingBlock, FundingHours } from '../../../domain/protocol/funding';
import type { UserProfile } from '../../../domain/protocol/account';
import { prefs } from '../../state/prefs';
import { passwordHref, paths } from '../../paths/paths';
import { ButtonLink } from '../../components/button';

/**
 * Why this user cannot withdraw crypto right now, read from what the client already knows (the
 * account type, the profile, the funding hours) in the order the server refuses them: the user
 * sees every block before filling the form, never after (DECISIONS §2).
 */
export function withdrawBlocks(demo: boolean, profile: UserProfile, hours: FundingHours): FundingBlock[] {
  const blocks: FundingBlock[] = [];
  if (demo) blocks.push('DEMO_NOT_ALLOWED');
  if (profile.idStatus !== 'succ') blocks.push('KYC_REQUIRED');
  if (!profile.withdrawPasswordSet) blocks.push('WITHDRAW_PASSWORD_NOT_SET');
  if (!hours.open) blocks.push('FUNDING_CLOSED');
  return blocks;
}

const FIX: Partial<Record<FundingBlock, { href: string; label: 'switch_real' | 'verify' | 'set_password' }>> =
  {
    DEMO_NOT_ALLOWED: { href: paths.account, label: 'switch_real' },
    KYC_REQUIRED: { href: paths.kyc, label: 'verify' },
    WITHDRAW_PASSWORD_NOT_SET: { href: passwordHref('withdraw'), label: 'set_password' },
  };

/** Each block in the SPEC's words, with the way to lift it where there is one. */
export function WithdrawBlocks({ blocks, hours }: { blocks: readonly FundingBlock[]; hours: FundingHours }) {
  const { t } = useTranslation('coinFunding');
  const { lang } = useSnapshot(prefs);
  return (
    <section className="funding-card" role="alert" data-testid="withdraw-blocked">
      <h2 className="section-title">{t('withdraw.blocked_title')}</h2>
      <ul className="coin-rows">
        {blocks.map((block) => {
          const fix = FIX[block];
          return (
            <li key={block} className="coin-row coin-row--stack" data-testid={`block-${block}`}>
              <span className="coin-row__main">
                <span>{t(block, { ns: 'errors' })}</span>
                {block === 'FUNDING_CLOSED' && (
                  <span className="coin-row__sub">
                    {t('withdraw.hours', { from: hours.from, to: hours.to })}
                    {hours.nextOpen !== null &&
                      ` ${t('withdraw.next_open', { time: formatDateTime(hours.nextOpen, lang) })}`}
                  </span>
                )}
              </span>
              {fix && (
                <ButtonLink look="secondary" href={fix.href} testId={`block-fix-${block}`}>
                  {t(`withdraw.${fix.label}`)}
                </ButtonLink>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
