import type { Booking } from '@app/domain';
import { type ComponentType, createContext, useContext } from 'react';

/**
 * Where reviews show inside other features' screens: the customer's booking card and the business's
 * booking page. The reviews feature fills them (app/review-slots.tsx provides its components), so a
 * card or a page carries only the place, and the reviews' code loads when one is shown.
 */
export interface ReviewSlots {
  /** On a customer's past appointment: "Write a review" or "Edit your review" while that is allowed. */
  BookingReviewAction: ComponentType<{ booking: Booking }>;
  /** Below a business's booking wizard: its rating and reviews. */
  BusinessReviews: ComponentType<{ businessId: string; businessName: string }>;
}

export const ReviewSlotsContext = createContext<ReviewSlots | null>(null);

/** The reviews' components, or null where none are provided (a screen rendered on its own). */
export const useReviewSlots = (): ReviewSlots | null => useContext(ReviewSlotsContext);
