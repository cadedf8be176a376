import '../../i18n/account';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/hook';
import { z } from 'zod';
import { formatLocalDate } from '../../../domain/format/date';
import type { UserProfile } from '../../../domain/protocol/account';
import { text } from '../../../domain/validation/fields';
import { userEndpoints } from '../../../domain/protocol/endpoints/user';
import { call } from '../../api/call';
import { SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { useZodForm } from '../../components/form/use-zod-form';
import { CopyIcon } from '../../components/icons';
import { InfoLinkRow } from '../../components/link-list';
import { showToast } from '../../services/toast';
import { patchProfile } from '../../state/account';
import { prefs } from '../../state/prefs';
import { ProfileGate, SecurityFrame } from './security-frame';
import { paths } from '../../paths/paths';
import { Button } from '../../components/button';

const nicknameSchema = z.object({ nickname: text({ max: 32 }) });

async function copy(value: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    showToast(done);
  } catch {
    // SPEC §8: a failed copy is silently ignored.
  }
}

function NicknameEditor({ current, onClose }: { current: string; onClose: () => void }) {
  const { t } = useTranslation('account');
  const form = useZodForm({ initial: { nickname: current } });
  const onSubmit = form.handleSubmit(nicknameSchema, async ({ nickname }) => {
    await call(userEndpoints.update, { nickname }, { silent: true });
    patchProfile({ nickname });
    showToast(t('profile.saved'));
    onClose();
  });
  return (
    <form className="nickname-edit" noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        {...form.bind('nickname')}
        label={t('profile.nickname')}
        autoComplete="nickname"
        maxLength={32}
        testId="profile-nickname-input"
        autoFocus
      />
      <div className="nickname-edit__actions">
        <Button onClick={onClose}>{t('profile.cancel')}</Button>
        <SubmitButton busy={form.busy} testId="profile-nickname-save">
          {t('profile.save')}
        </SubmitButton>
      </div>
    </form>
  );
}

function ProfileRows({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const { lang } = useSnapshot(prefs);
  const [editing, setEditing] = useState(false);
  const nickname = profile.nickname ?? '';
  return (
    <div className="screen__body">
      <ul className="info-list">
        <li className="info-row">
          <span className="info-row__label">{t('profile.account')}</span>
          <span className="info-row__value" data-testid="profile-account">
            {profile.account}
          </span>
        </li>
        <li className="info-row">
          <span className="info-row__label">{t('profile.user_id')}</span>
          <span className="info-row__value num" data-testid="profile-user-id">
            {profile.id}
          </span>
          <button
            type="button"
            className="icon-button icon-button--small"
            aria-label={t('profile.copy_id')}
            data-testid="profile-copy-id"
            onClick={() => void copy(profile.id, tc('Copy_successful'))}
          >
            <CopyIcon width={18} height={18} />
          </button>
        </li>
        <li>
          {editing ? (
            <NicknameEditor current={nickname} onClose={() => setEditing(false)} />
          ) : (
            <button
              type="button"
              className="info-row"
              data-testid="profile-nickname"
              onClick={() => setEditing(true)}
            >
              <span className="info-row__label">{t('profile.nickname')}</span>
              <span className="info-row__value">
                {nickname !== '' ? nickname : t('profile.nickname_empty')}
              </span>
              <span className="text-link">{t('profile.edit')}</span>
            </button>
          )}
        </li>
        <InfoLinkRow
          href={paths.email}
          label={t('profile.email')}
          value={profile.email ?? t('profile.email_none')}
          testId="profile-email"
        />
        <InfoLinkRow
          href={paths.kyc}
          label={t('profile.kyc')}
          value={tc(`kyc.${profile.idStatus}`)}
          testId="profile-kyc"
        />
        <li className="info-row">
          <span className="info-row__label">{t('profile.investor_type')}</span>
          <span className="info-row__value" data-testid="profile-investor-type">
            {t(`investor.${profile.investorType}`)}
          </span>
        </li>
        <li className="info-row">
          <span className="info-row__label">{t('profile.created')}</span>
          <time className="info-row__value" data-testid="profile-created">
            {formatLocalDate(profile.createdAt, lang)}
          </time>
        </li>
      </ul>
    </div>
  );
}

export default function UserInfoScreen() {
  const { t } = useTranslation('account');
  return (
    <SecurityFrame title={t('profile.title')}>
      <ProfileGate rows={7}>{(profile) => <ProfileRows profile={profile} />}</ProfileGate>
    </SecurityFrame>
  );
}
