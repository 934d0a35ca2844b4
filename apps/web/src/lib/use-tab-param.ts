import { useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page's open tab, kept in its address (`?tab=hours`) so that a reload, Back or a shared link
 * opens the same tab. The opening tab leaves the parameter out; an unknown value opens it. Switching
 * tabs replaces the history entry (tabs are not pages) and keeps every other parameter.
 *
 * NOTE: the tab a person opens shows at once, from state: the address follows through a router
 * navigation, which commits in a transition and can be overtaken by another one (the old search
 * params then win). A change of the address from outside (Back, a link) still decides.
 */
export function useTabParam<Tab extends string>(
  param: string,
  tabs: readonly Tab[],
  opening: Tab,
): [Tab, (value: string | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromAddress = tabInAddress(searchParams, param, tabs, opening);
  const [chosen, setChosen] = useState<{ tab: Tab; over: Tab } | null>(null);
  // The person's choice holds until the address says something new.
  const active = chosen && chosen.over === fromAddress ? chosen.tab : fromAddress;
  const openTab = (value: string | null) => {
    const tab = tabs.find((candidate) => candidate === value);
    if (!tab) return;
    setChosen({ tab, over: fromAddress });
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (tab === opening) next.delete(param);
        else next.set(param, tab);
        return next;
      },
      { replace: true },
    );
  };
  return [active, openTab];
}

/**
 * The tab an address opens: the one its `param` names, else the opening tab (also for an unknown
 * value). A route's loader asks it to know which tab's data to start reading.
 */
export function tabInAddress<Tab extends string>(
  params: URLSearchParams,
  param: string,
  tabs: readonly Tab[],
  opening: Tab,
): Tab {
  const requested = params.get(param);
  return tabs.find((tab) => tab === requested) ?? opening;
}
