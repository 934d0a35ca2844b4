import { Textarea, type TextareaProps } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './invite-page.module.css';

/**
 * A fixed-height textarea with a hard length cap and, under it, its hint and a live 'n/max'
 * counter (spec §2: the invite wizard's address fields). Both are the field's description, so
 * screen readers announce them with the field.
 */
export function CharacterCountTextarea({
  maxLength,
  value = '',
  hint,
  rows = 4,
  ...props
}: Omit<TextareaProps, 'value' | 'maxLength' | 'description'> & {
  maxLength: number;
  value?: string;
  hint?: ReactNode;
}) {
  return (
    <Textarea
      size="md"
      rows={rows}
      autosize={false}
      resize="vertical"
      maxLength={maxLength}
      value={value}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      classNames={{ description: classes.textareaFooter }}
      description={
        <>
          <span>{hint}</span>
          <span className={classes.counter} data-full={value.length >= maxLength || undefined}>
            {value.length}/{maxLength}
          </span>
        </>
      }
      {...props}
    />
  );
}
