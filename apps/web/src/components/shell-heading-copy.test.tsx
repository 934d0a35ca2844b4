import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_SHELL_ID } from '@/config/page-shell';
import { deferred, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { userDetails } from '@/testing/tokens';

/** index.html's shell as the API sends a business's booking page (plugins/booking-page-shell.ts). */
function paintShell(key: string, firstStep = '') {
  const shell = document.createElement('div');
  shell.id = PAGE_SHELL_ID;
  shell.innerHTML = `<main class="shell-main"><div class="shell-heading" data-layout="booking" data-key="${key}"><a class="shell-back" href="/businesses">← All barbers</a><h1>Ciaran Kelly</h1>${firstStep}</div><div class="shell-skeleton"></div></main>`;
  document.body.prepend(shell);
}

/**
 * Opens biz-1's booking page for a signed-in customer while its free times are still loading (they
 * never arrive), and waits until the app has taken over from the shell. The list of businesses
 * answers for the header's link back to it.
 */
async function openWhileHoursLoad() {
  stubFetch()
    .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')))
    .on('GET', '/api/booking/available-times', () => deferred<Response>().promise)
    .on('GET', '/api/booking/businesses', jsonResponse(200, { businesses: [], nextCursor: null }));
  const rendered = renderApp({ route: '/booking/biz-1', session: {} });
  await screen.findByText('Loading availability...');
  await waitFor(() => expect(document.getElementById(PAGE_SHELL_ID)).toBeNull());
  return rendered;
}

afterEach(() => {
  document.getElementById(PAGE_SHELL_ID)?.remove();
});

describe("the booking page while the business's hours load", () => {
  it("keeps the business's header the shell painted, and its link moves within the app", async () => {
    paintShell('biz-1');
    const { user, router } = await openWhileHoursLoad();
    const heading = screen.getByRole('heading', { level: 1, name: 'Ciaran Kelly' });
    expect(heading.closest('main#main')).not.toBeNull();

    await user.click(screen.getByRole('link', { name: '← All barbers' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/businesses'));
    await screen.findByRole('heading', { level: 1, name: 'Available Barbers' });
  });

  it("keeps the wizard's first step the shell painted, in place of the placeholder's", async () => {
    paintShell(
      'biz-1',
      '<div class="shell-wizard" data-wizard="biz-1" data-steps="dateTime price review"><div class="shell-step-card"><p class="shell-step-of">Step 1 of 3</p><h2>Date &amp; Time</h2><p class="shell-legend">November 2026 – December 2026</p></div></div>',
    );
    await openWhileHoursLoad();
    expect(screen.getByText('November 2026 – December 2026')).toBeInTheDocument();
    // The step's card stands where the placeholder's stepper and card would: no second copy.
    expect(document.querySelectorAll('main#main .mantine-Skeleton-root')).toHaveLength(0);
  });

  it("shows the placeholder when the shell painted another business's page, or none", async () => {
    paintShell('biz-2');
    await openWhileHoursLoad();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});
