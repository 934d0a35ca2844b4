import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_RENDER, renderDashboard } from '../testing/dashboard-fixtures';

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('dashboard tabs', () => {
  it('gives a business Profile, Set Hours, Configuration, Manage Requests and Reviews, opening on Manage Requests', async () => {
    renderDashboard({ userType: 'Business' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Business Dashboard' }, FIRST_RENDER),
    ).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'Dashboard sections' })).toBeInTheDocument();
    expect(tabNames()).toEqual([
      'Profile',
      'Set Hours',
      'Configuration',
      'Manage Requests',
      'Diary',
      'Reviews',
    ]);
    expect(screen.queryByRole('tab', { name: 'Invite Business' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Reported Reviews' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Manage Requests' })).toHaveAttribute('aria-selected', 'true');
  });

  it('adds Invite Business and Reported Reviews for an Admin', async () => {
    const { user } = renderDashboard({ userType: 'Admin' });
    await screen.findByRole('tab', { name: 'Invite Business' }, FIRST_RENDER);
    expect(tabNames()).toEqual([
      'Profile',
      'Set Hours',
      'Configuration',
      'Manage Requests',
      'Diary',
      'Reviews',
      'Invite Business',
      'Reported Reviews',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Invite Business' }));
    expect(await screen.findByRole('textbox', { name: 'Business email address' })).toBeVisible();
  });

  it('keeps the open tab in the address, and ignores Invite Business for a business', async () => {
    const { user, router } = renderDashboard({ route: '/admin?tab=hours' });
    expect(await screen.findByRole('tab', { name: 'Set Hours' }, FIRST_RENDER)).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('heading', { name: 'Weekly Hours' }, FIRST_RENDER)).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Configuration' }));
    expect(router.state.location.search).toBe('?tab=configuration');
    await user.click(screen.getByRole('tab', { name: 'Manage Requests' }));
    expect(router.state.location.search).toBe('');

    await router.navigate('/admin?tab=invite');
    expect(await screen.findByRole('tab', { name: 'Manage Requests' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('keeps unsaved hours while another tab is open', async () => {
    const { user } = renderDashboard({ route: '/admin?tab=hours' });
    await user.click(await screen.findByRole('button', { name: 'Remove Monday slot 1' }, FIRST_RENDER));
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Configuration' }));
    await user.click(screen.getByRole('tab', { name: 'Set Hours' }));
    // The tab is in the URL: the router's navigation commits in a transition.
    await waitFor(() => expect(screen.getByText('You have unsaved changes.')).toBeVisible());
    expect(screen.queryByRole('combobox', { name: 'Monday slot 1 start' })).not.toBeInTheDocument();
  });
});
