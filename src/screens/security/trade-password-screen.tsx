import '../../i18n/account';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSearch } from 'wouter';
import { z } from 'zod';
import type { UserProfile } from '../../../domain/protocol/account';
import { pinChangeSchema } from '../../../domain/validation/account';
import { userEndpoints } from '../../../domain/protocol/endpoints/user';
import { call } from '../../api/call';
import { CodeField } from '../../components/form/code-field';
import { PasswordField } from '../../components/form/password-field';
import { PinField } from '../../components/form/pin-field';
import { Segmented } from '../../components/form/segmented';
import { FormAlert, SubmitButton } from '../../components/form/submit-button';
import { useZodForm, type ZodForm } from '../../components/form/use-zod-form';
import { goBackOr } from '../../paths/navigation';
import { showToast } from '../../services/toast';
import { sendCode } from '../../components/form/send-code';
import { patchProfile } from '../../state/account';
import { ownIdentity } from './own-identity';
import { ProfileGate, SECURITY_PATH, SecurityFrame, useProfile } from './security-frame';

type Kind = 'trade' | 'withdraw';
type Proof = 'old' | 'code';

/** Whether this PIN is set already: then changing it needs a proof (the old PIN or a code). */
function pinIsSet(kind: Kind, profile: UserProfile): boolean {
  return kind === 'trade' ? profile.tradePasswordSet : profile.withdrawPasswordSet;
}

/**
 * The form's rule on top of the domain one: setting needs the login password, changing needs
 * the old PIN or a code (the server requires the same).
 */
function proofField(isSet: boolean, proof: Proof) {
  return !isSet ? 'loginPassword' : proof === 'old' ? 'oldPassword' : 'code';
}

function schemaFor(kind: Kind, isSet: boolean, proof: Proof) {
  const need = proofField(isSet, proof);
  return pinChangeSchema(kind).superRefine((value, ctx) => {
    if (value[need] === undefined) ctx.addIssue({ code: 'custom', message: 'FIELD_REQUIRED', path: [need] });
  });
}

/** Sends the new PIN with the one proof the server expects for this case. */
async function savePin(
  kind: Kind,
  isSet: boolean,
  proof: Proof,
  data: {
    password: string;
    confirmPassword: string;
    loginPassword?: string;
    oldPassword?: string;
    code?: string;
  },
): Promise<void> {
  const payload = {
    password: data.password,
    confirmPassword: data.confirmPassword,
    loginPassword: isSet ? undefined : data.loginPassword,
    oldPassword: isSet && proof === 'old' ? data.oldPassword : undefined,
    code: isSet && proof === 'code' ? data.code : undefined,
  };
  const endpoint =
    kind === 'trade' ? userEndpoints.updateTradePassword : userEndpoints.updateWithdrawPassword;
  await call(endpoint, payload, { silent: true });
}

/** How the user proves it is them: the login password to set, the old PIN or a code to change. */
function ProofFields({
  form,
  kind,
  profile,
  proof,
  onProof,
}: {
  form: ZodForm;
  kind: Kind;
  profile: UserProfile;
  proof: Proof;
  onProof: (proof: Proof) => void;
}) {
  const { t } = useTranslation('account');
  const isSet = pinIsSet(kind, profile);
  // The code goes to the user's own phone or email, for this PIN's purpose.
  const requestCode = () =>
    sendCode(
      form,
      { ...ownIdentity(profile), purpose: kind === 'trade' ? 'tradepwd' : 'withdrawpwd' },
      t('form.code_sent'),
    );
  return !isSet ? (
    <>
      <p className="hint">{t('pin.set_proof')}</p>
      <PasswordField
        {...form.bind('loginPassword')}
        label={t('fields.login_password')}
        autoComplete="current-password"
        testId="pin-login-password"
      />
    </>
  ) : (
    <>
      <Segmented<Proof>
        label={t('pin.method_label')}
        value={proof}
        options={[
          { value: 'old', label: t('pin.method_old'), testId: 'pin-method-old' },
          { value: 'code', label: t('pin.method_code'), testId: 'pin-method-code' },
        ]}
        onChange={onProof}
      />
      {proof === 'old' ? (
        <PinField
          {...form.bind('oldPassword')}
          label={t(kind === 'trade' ? 'pin.old_trade' : 'pin.old_withdraw')}
          testId="pin-old"
        />
      ) : (
        <CodeField {...form.bind('code')} testId="pin-code" sendTestId="pin-send-code" onSend={requestCode} />
      )}
    </>
  );
}

function PinForm({ kind, profile }: { kind: Kind; profile: UserProfile }) {
  const { t } = useTranslation('account');
  const isSet = pinIsSet(kind, profile);
  const [proof, setProof] = useState<Proof>('old');
  const form = useZodForm({
    initial: { password: '', confirmPassword: '', loginPassword: '', oldPassword: '', code: '' },
    labels: {
      password: t('pin.new'),
      oldPassword: t(kind === 'trade' ? 'pin.old_trade' : 'pin.old_withdraw'),
    },
    serverFields: {
      PASSWORD_INCORRECT: 'loginPassword',
      TRADE_PASSWORD_INCORRECT: 'oldPassword',
      WITHDRAW_PASSWORD_INCORRECT: 'oldPassword',
      // The new PIN is the other one's: said under the new PIN, where it must change.
      WITHDRAW_PASSWORD_SAME_AS_TRADE: 'password',
      TRADE_PASSWORD_SAME_AS_WITHDRAW: 'password',
    },
  });

  const onSubmit = form.handleSubmit(schemaFor(kind, isSet, proof), async (data) => {
    await savePin(kind, isSet, proof, data);
    patchProfile(kind === 'trade' ? { tradePasswordSet: true } : { withdrawPasswordSet: true });
    showToast(t(isSet ? 'pin.done_changed' : 'pin.done_set'));
    goBackOr(SECURITY_PATH);
  });

  return (
    <form
      className="screen__body form auth-form"
      noValidate
      onSubmit={(event) => {
        // Checked on its own too, so a missing proof shows with the other fields' errors.
        form.check(z.object({ [proofField(isSet, proof)]: z.string() }));
        void onSubmit(event);
      }}
    >
      <p className="lead">{t(kind === 'trade' ? 'pin.lead_trade' : 'pin.lead_withdraw')}</p>
      <ProofFields form={form} kind={kind} profile={profile} proof={proof} onProof={setProof} />
      <PinField {...form.bind('password')} label={t('pin.new')} testId="pin-new" />
      <PinField {...form.bind('confirmPassword')} label={t('pin.confirm')} testId="pin-confirm" />
      <FormAlert message={form.formError} />
      <div className="auth-screen__actions">
        <SubmitButton busy={form.busy} testId="pin-submit">
          {t('pin.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}

function titleKey(kind: Kind, profile: UserProfile | null) {
  const isSet = profile !== null && pinIsSet(kind, profile);
  if (kind === 'trade') return isSet ? 'pin.title_trade_change' : 'pin.title_trade_set';
  return isSet ? 'pin.title_withdraw_change' : 'pin.title_withdraw_set';
}

/** /pages/user/tradePassword?type=trade|withdraw: one screen for both 6-digit passwords. */
export default function TradePasswordScreen() {
  const { t } = useTranslation('account');
  const kind: Kind = new URLSearchParams(useSearch()).get('type') === 'withdraw' ? 'withdraw' : 'trade';
  const { profile } = useProfile();
  return (
    <SecurityFrame title={t(titleKey(kind, profile))}>
      <ProfileGate rows={4}>
        {/* Keyed: another type is another password, so it starts a clean form. */}
        {(loaded) => <PinForm key={kind} kind={kind} profile={loaded} />}
      </ProfileGate>
    </SecurityFrame>
  );
}
