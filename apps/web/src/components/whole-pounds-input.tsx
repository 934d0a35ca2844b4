import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A whole-pound price field (minimum price, counter offer). NOTE: a text field, not Mantine's
 * NumberInput: with decimals disallowed NumberInput silently drops the '.', so '7.50' was saved
 * as £750. This one keeps exactly what was typed, and the domain's price rule answers a decimal
 * with 'Enter a whole number of pounds' (api-contract §8.1).
 */
export function WholePoundsInput(props: Omit<TextInputProps, 'type' | 'inputMode'>) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      leftSection={<span aria-hidden="true">£</span>}
      {...props}
    />
  );
}
