import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useTabParam } from './use-tab-param';

const TABS = ['profile', 'hours', 'requests'] as const;

/** The hook inside a data router at `url`; the router is returned for reading and moving the address. */
function renderTabs(url: string) {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '/admin', element: children }], { initialEntries: [url] });
    return <RouterProvider router={router} />;
  };
  const view = renderHook(() => useTabParam('tab', TABS, 'profile'), { wrapper });
  return { ...view, router: () => router! };
}

describe('a tab kept in the address', () => {
  it('opens the tab the address names, and the opening tab for none or an unknown one', () => {
    expect(renderTabs('/admin?tab=hours').result.current[0]).toBe('hours');
    expect(renderTabs('/admin').result.current[0]).toBe('profile');
    expect(renderTabs('/admin?tab=nonsense').result.current[0]).toBe('profile');
  });

  it('shows a chosen tab at once and writes it to the address, keeping the other parameters', async () => {
    const { result, router } = renderTabs('/admin?booking=b-1');
    act(() => result.current[1]('requests'));
    expect(result.current[0]).toBe('requests');
    await waitForSearch(router, '?booking=b-1&tab=requests');
    act(() => result.current[1]('profile'));
    expect(result.current[0]).toBe('profile');
    await waitForSearch(router, '?booking=b-1');
  });

  it('ignores a value that is no tab', () => {
    const { result } = renderTabs('/admin?tab=hours');
    act(() => result.current[1]('nonsense'));
    act(() => result.current[1](null));
    expect(result.current[0]).toBe('hours');
  });

  it('follows the address when it changes from outside (Back, a link)', async () => {
    const { result, router } = renderTabs('/admin');
    act(() => result.current[1]('hours'));
    await act(() => router().navigate('/admin?tab=requests'));
    expect(result.current[0]).toBe('requests');
  });
});

async function waitForSearch(router: () => ReturnType<typeof createMemoryRouter>, search: string) {
  await waitFor(() => expect(router().state.location.search).toBe(search));
}
