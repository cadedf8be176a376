import '../../i18n/account';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { TextField, type TextFieldProps } from './text-field';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'end'> & {
  autoComplete: 'current-password' | 'new-password';
};

/** A password with a show/hide toggle: on a phone, typos are the commoner risk than onlookers. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation('account');
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      end={
        <button
          type="button"
          className="field__action"
          aria-pressed={visible}
          data-testid={props.testId ? `${props.testId}-toggle` : undefined}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? t('form.hide') : t('form.show')}
        </button>
      }
    />
  );
}
