/**
 * Makes `query` match in window.matchMedia (jsdom's matches nothing: vitest.setup.ts), as a screen
 * of that size would; every other query still matches nothing. Returns the function that undoes it.
 */
export function matchMediaQuery(query: string): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((asked: string) => ({ ...original(asked), matches: asked === query })) as never;
  return () => {
    window.matchMedia = original;
  };
}
