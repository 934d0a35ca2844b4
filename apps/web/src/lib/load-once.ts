/**
 * Code (or anything else) fetched on demand and at most once: `load()` starts it, or returns the
 * request already under way; `loaded()` is what it gave, once it has (undefined until then). A failed
 * load may be tried again.
 */
export function loadOnce<T>(fetch: () => Promise<T>): {
  load: () => Promise<T>;
  loaded: () => T | undefined;
} {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load: () => {
      loading ??= fetch().then(
        (result) => {
          value = result;
          return result;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => value,
  };
}
