import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '@/lib/toast';
import { matchMediaQuery } from '@/testing/media-query';
import { renderApp } from '@/testing/render-app';
import { PHONE_TOAST_QUERY } from './notifications-host';

/** Makes the phone media query match, as a 375 px wide screen does. */
const usePhoneViewport = () => matchMediaQuery(PHONE_TOAST_QUERY);

async function showToast(message: string) {
  renderApp({ route: '/terms-of-service' });
  await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
  act(() => {
    toast.success(message);
  });
  const shown = await screen.findByText(message);
  return shown.closest('[data-position]')?.getAttribute('data-position');
}

describe('toast position', () => {
  it('shows toasts bottom-end on a wide screen (spec §8)', async () => {
    expect(await showToast('Saved on a desktop')).toBe('bottom-right');
  });

  it('shows toasts at the top on a phone, clear of list actions and sticky buttons', async () => {
    const restore = usePhoneViewport();
    try {
      expect(await showToast('Saved on a phone')).toBe('top-center');
    } finally {
      restore();
    }
  });
});
