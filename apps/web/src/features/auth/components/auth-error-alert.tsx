import { Alert } from '@mantine/core';
import { IconAlert } from '@/components/icons';

export interface AuthError {
  /** The spec §8 title: 'Login failed', 'Signup failed', ... */
  title: string;
  /** The server's message where present (`serverMessageOf`). */
  message?: string | null | undefined;
}

export function AuthErrorAlert({ error }: { error: AuthError | null }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" title={error.title} icon={<IconAlert />} role="alert">
      {error.message}
    </Alert>
  );
}
