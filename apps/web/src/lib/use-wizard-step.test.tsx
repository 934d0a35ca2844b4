import { act, render, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useWizardStep } from './use-wizard-step';

const KEYS = ['time', 'price', 'review'] as const;

/** A wizard whose values allow only its first step (its choices were sent and cleared). */
function ClearedWizard() {
  const step = useWizardStep(KEYS, { lastReachable: 0 });
  return <h2>{step.key}</h2>;
}

describe('useWizardStep', () => {
  it('goes back once from an entry it pushed whose step is no longer allowed, even when effects run twice', async () => {
    const router = createMemoryRouter(
      [{ path: '/wizard', element: <ClearedWizard /> }, { path: '/before' }],
      {
        initialEntries: [
          '/before',
          '/wizard',
          { pathname: '/wizard', search: '?step=price', state: { wizardStepFrom: 'time' } },
        ],
        initialIndex: 2,
      },
    );
    // React's development double run of effects (the app renders in StrictMode).
    render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(router.state.location.pathname).toBe('/wizard');
  });

  it('shows the allowed step in place on an entry it did not push (a link, a reload of a shared address)', async () => {
    const router = createMemoryRouter(
      [{ path: '/wizard', element: <ClearedWizard /> }, { path: '/before' }],
      {
        initialEntries: ['/before', '/wizard?step=review'],
        initialIndex: 1,
      },
    );
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.location.search).toBe('?step=time'));
    // Replaced, not pushed: Back leaves the wizard.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/before');
  });
});
