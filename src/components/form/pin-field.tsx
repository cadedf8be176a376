import { TextField, type TextFieldProps } from './text-field';

export const PIN_LENGTH = 6;

export type PinFieldProps = Omit<TextFieldProps, 'type' | 'inputMode' | 'maxLength' | 'onValueChange'> & {
  onValueChange: (value: string) => void;
};

/** A 6-digit trade or withdrawal password (SPEC §5): digits only, masked, numeric keypad. */
export function PinField({ onValueChange, ...props }: PinFieldProps) {
  return (
    <TextField
      {...props}
      type="password"
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={PIN_LENGTH}
      autoComplete="off"
      className="field__input--pin num"
      onValueChange={(value) => onValueChange(value.replace(/\D/g, '').slice(0, PIN_LENGTH))}
    />
  );
}
