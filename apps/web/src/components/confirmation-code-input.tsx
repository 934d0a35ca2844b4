import { CODE_LENGTH } from '@app/domain';
import { Input, PinInput } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './confirmation-code-input.module.css';

/**
 * The 6-digit code entry of the confirm screens (auth and invite): one labelled cell per digit
 * ('Confirmation code digit 1' …) inside a fieldset named 'Confirmation code', and its message.
 */
export function ConfirmationCodeInput({
  id,
  value,
  onChange,
  error,
}: {
  /** Prefix for the error element's id. */
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>Confirmation code</legend>
      <PinInput
        length={CODE_LENGTH}
        type="number"
        inputMode="numeric"
        oneTimeCode
        size="lg"
        classNames={{ root: classes.root, pinInput: classes.cell, input: classes.cell }}
        error={Boolean(error)}
        getInputProps={(index) => ({
          'aria-label': `Confirmation code digit ${index + 1}`,
          'aria-invalid': Boolean(error),
          'aria-describedby': error ? errorId : undefined,
        })}
        value={value}
        onChange={onChange}
      />
      {error ? (
        <Input.Error id={errorId} mt={6}>
          {error}
        </Input.Error>
      ) : null}
    </fieldset>
  );
}
