import {
  BOOKING_HISTORY_YEARS,
  MIN_AGE_TERMS,
  REVIEW_AVERAGE_MIN_COUNT,
  REVIEW_TEXT_MAX_LENGTH,
  REVIEW_WINDOW_DAYS,
} from '@app/domain';
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

  it('the review policy says who may review, that reviews are never bought or filtered, and how moderation works', async () => {
    const text = await pageText('/review-policy', 'How Reviews Work');
    expect(text).toContain(
      'Only the customer who made the booking, and only for an appointment the business approved or confirmed',
    );
    expect(text).toContain(`within ${REVIEW_WINDOW_DAYS} days`);
    expect(text).toContain('One review per booking');
    expect(text).toContain(`up to ${REVIEW_TEXT_MAX_LENGTH.toLocaleString('en-GB')} characters`);
    expect(text).toContain('never paid for or rewarded');
    expect(text).toContain('Digital Markets, Competition and Consumers Act 2024');
    expect(text).toContain('A business can neither hide nor delete a review');
    expect(text).toContain('Anyone signed in can report a review');
    expect(text).toContain('both its author and the business are told');
    expect(text).toContain('Hidden reviews do not count towards the average');
    expect(text).toContain(`at least ${REVIEW_AVERAGE_MIN_COUNT} reviews`);
    expect(screen.getByRole('navigation', { name: 'Legal' })).toContainElement(
      screen.getByRole('link', { name: 'How Reviews Work' }),
    );
  });
});
