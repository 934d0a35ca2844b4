import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * A link that switches the auth screen to another view without leaving the page. It keeps a real
 * href (the current path) so it is announced and focusable as a link.
 */
export function ViewLink({
  onSelect,
  children,
  ...props
}: AnchorProps & { onSelect: () => void; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Anchor
      href={pathname}
      size="sm"
      {...props}
      onClick={(event) => {
        event.preventDefault();
        onSelect();
      }}
    >
      {children}
    </Anchor>
  );
}

/** 'Forgot password?' under the password field of the sign-in and sign-up forms. */
export function ForgotPasswordLink({ onSelect }: { onSelect: () => void }) {
  return (
    <ViewLink onSelect={onSelect} style={{ alignSelf: 'flex-end' }} mt={-6}>
      Forgot password?
    </ViewLink>
  );
}
