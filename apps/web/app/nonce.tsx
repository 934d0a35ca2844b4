import { createContext, type ReactNode, use } from 'react';

/**
 * This response's CSP nonce, for the scripts the server render writes (entry.server.tsx). In the
 * browser it is empty: the browser hides a nonce from scripts, and React does not compare it.
 */
const NonceContext = createContext('');

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext value={value}>{children}</NonceContext>;
}

export const useNonce = () => use(NonceContext);
