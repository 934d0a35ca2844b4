import { BOOKING_HISTORY_YEARS, MIN_AGE_TERMS } from '@app/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';

const pageText = async (route: string, title: string) => {
  renderApp({ route });
  await screen.findByRole('heading', { level: 1, name: title });
  return (document.querySelector('main')?.textContent ?? '').replace(/\s+/g, ' ');
};

describe('legal pages', () => {
  it('the privacy policy says what the spec says it says, under UK law', async () => {
    const text = await pageText('/privacy-policy', 'Privacy Policy');
    expect(text).toContain('connects customers with hair and beauty providers');
    expect(text).toMatch(/payments?/i);
    expect(text).toMatch(/messag(e|ing)/i);
    expect(text).toContain(`Booking history is kept for ${BOOKING_HISTORY_YEARS} years`);
    expect(text).toContain('UK General Data Protection Regulation');
    expect(text).toContain('Data Protection Act 2018');
    expect(text).toContain('Information Commissioner’s Office (ICO)');
  });

  it('the terms say what the spec says they say, including the minimum age of 18', async () => {
    const text = await pageText('/terms-of-service', 'Terms of Service');
    expect(text).toContain('connects customers with hair and beauty providers');
    expect(text).toContain('takes payments');
    expect(text).toContain('supports messaging between customers and providers');
    expect(text).toContain(`You must be at least ${MIN_AGE_TERMS} years old`);
    expect(text).toContain(`We keep booking history for ${BOOKING_HISTORY_YEARS} years`);
    expect(text).toContain('law of Northern Ireland');
  });
});
