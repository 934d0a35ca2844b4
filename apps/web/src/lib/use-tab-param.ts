import { useSearchParams } from 'react-router';

/**
 * A page's open tab, kept in its address (`?tab=hours`) so that a reload, Back or a shared link
 * opens the same tab. The opening tab leaves the parameter out; an unknown value opens it. Switching
 * tabs replaces the history entry (tabs are not pages) and keeps every other parameter.
 */
export function useTabParam<Tab extends string>(
  param: string,
  tabs: readonly Tab[],
  opening: Tab,
): [Tab, (value: string | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get(param);
  const active = tabs.find((tab) => tab === requested) ?? opening;
  const openTab = (value: string | null) => {
    if (!value) return;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value === opening) next.delete(param);
        else next.set(param, value);
        return next;
      },
      { replace: true },
    );
  };
  return [active, openTab];
}
