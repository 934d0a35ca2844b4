import type { Booking } from '@app/domain';
import { type ComponentType, createContext, useContext } from 'react';

/**
 * Where reviews show inside other features' screens: the customer's booking card and the business's
 * booking page. The reviews feature fills them, so a card or a page carries only the place:
 * app/review-slots.tsx provides the card's (its code loads when one is shown), and the booking route
 * the page's (with the page's code: the server renders it, decision 24).
 */
export interface ReviewSlots {
  /** On a customer's past appointment: "Write a review" or "Edit your review" while that is allowed. */
  BookingReviewAction: ComponentType<{ booking: Booking }>;
  /** Below a business's booking wizard: its rating and reviews (none outside the booking route). */
  BusinessReviews?: ComponentType<{ businessId: string; businessName: string }>;
}

export const ReviewSlotsContext = createContext<ReviewSlots | null>(null);

/** The reviews' components, or null where none are provided (a screen rendered on its own). */
export const useReviewSlots = (): ReviewSlots | null => useContext(ReviewSlotsContext);
