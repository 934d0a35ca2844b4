import { createContext, type ReactNode, use } from 'react';

/** A stylesheet of the build, written into the page instead of linked (entry.server.tsx). */
export interface InlineStylesheet {
  href: string;
  css: string;
}

interface DocumentContextValue {
  /**
   * This response's CSP nonce, for the scripts the server render writes. In the browser it is
   * empty: the browser hides a nonce from scripts, and React does not compare it.
   */
  nonce: string;
  /** The app's stylesheets, on the server only (the browser keeps the ones the page came with). */
  stylesheets: readonly InlineStylesheet[];
}

const DocumentContext = createContext<DocumentContextValue>({ nonce: '', stylesheets: [] });

/** What the server render knows about the document it writes (entry.server.tsx). */
export function DocumentProvider({ value, children }: { value: DocumentContextValue; children: ReactNode }) {
  return <DocumentContext value={value}>{children}</DocumentContext>;
}

export const useNonce = () => use(DocumentContext).nonce;

/**
 * The app's stylesheets, written into the document's head by the server (decision 24): a page paints
 * as soon as its HTML arrives, instead of waiting for a stylesheet that shares the connection with
 * the page's scripts. Each is a React stylesheet resource (`href` and `precedence`), which React
 * writes at the top of the head, before the scripts' preloads, and does not hydrate: the browser's
 * render has none and leaves the server's in place for the life of the page.
 */
export function InlineStylesheets() {
  const { stylesheets } = use(DocumentContext);
  return stylesheets.map(({ href, css }) => (
    <style key={href} href={href} precedence="app">
      {css}
    </style>
  ));
}
