import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fetch-stub';
import { businessDetails, FIRST_RENDER, renderDashboard } from '../testing/dashboard-fixtures';

/** A reload or a closed tab: true when the page asked the browser to warn first. */
function unloadIsPrevented() {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

async function openSetHours() {
  const rendered = renderDashboard({ route: '/admin?tab=hours' });
  await screen.findByRole('heading', { name: 'Weekly Hours' }, FIRST_RENDER);
  return rendered;
}

const addWednesday = async (user: Awaited<ReturnType<typeof openSetHours>>['user']) => {
  const wednesday = screen.getByRole('region', { name: 'Wednesday' });
  await user.click(within(wednesday).getByRole('button', { name: '+ Add Hours' }));
  expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
};

describe('Set Hours: unsaved changes are not lost without a warning', () => {
  it('asks the browser to warn before a reload or close only while there are unsaved changes', async () => {
    const { user, api } = await openSetHours();
    expect(unloadIsPrevented()).toBe(false);

    await addWednesday(user);
    expect(unloadIsPrevented()).toBe(true);

    api.on('PUT', '/api/user/availability', ({ body }) =>
      jsonResponse(200, businessDetails('Business', body as Record<string, unknown>)),
    );
    await user.click(screen.getByRole('button', { name: 'Save Hours' }));
    await screen.findByText('All changes saved.');
    expect(unloadIsPrevented()).toBe(false);
  });

  it('holds a move to another page: Stay on Page keeps the changes, Leave Page goes', async () => {
    const { user, router } = await openSetHours();
    await addWednesday(user);

    await router.navigate('/privacy-policy');
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(
      within(dialog).getByText('You have unsaved changes. If you leave now, they will be lost.'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Stay on Page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.getByRole('combobox', { name: 'Wednesday slot 1 start' })).toBeInTheDocument();

    await router.navigate('/privacy-policy');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', {
        name: 'Leave Page',
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(router.state.location.pathname).toBe('/privacy-policy');
  });

  it('lets a tab change and a sign-out through without asking', async () => {
    const { user, router, api } = await openSetHours();
    await addWednesday(user);

    await user.click(screen.getByRole('tab', { name: 'Configuration' }));
    expect(router.state.location.search).toBe('?tab=configuration');
    expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).toBeNull();

    api.on('POST', '/api/auth/logout', jsonResponse(204));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Logout' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).toBeNull();
  });
});
