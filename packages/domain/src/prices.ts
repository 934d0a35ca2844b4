import {
  COUNTER_PRICE_MAX,
  COUNTER_PRICE_MIN,
  MAX_BOOKING_PRICE,
  MINIMUM_PRICE_MAX,
  MINIMUM_PRICE_MIN,
  PRESET_PRICE_COUNT,
  PRESET_PRICE_STEP,
} from './constants';
import { MESSAGES, priceAtLeast } from './messages';
import { isFractionalNumber, isNotAnAmount, parseWholePounds } from './whole-pounds';

export { isFractionalNumber, isNotAnAmount, parseWholePounds } from './whole-pounds';

/** A price as a form or a body may hold it: a number, numeric text, or empty. */
export type PriceInput = number | string | null | undefined;

/**
 * A business's minimum price (invite wizard and admin): whole pounds, £1 to £1000. Like every
 * whole-pound rule, a decimal gets 'Enter a whole number of pounds' (api-contract §8.1) and is
 * never rounded or stripped into another number.
 */
export function minimumPriceError(value: PriceInput): string | null {
  if (isFractionalNumber(value) || isNotAnAmount(value)) return MESSAGES.wholePounds;
  const pounds = parseWholePounds(value);
  if (pounds === null || pounds < MINIMUM_PRICE_MIN) return MESSAGES.minimumPriceMin;
  if (pounds > MINIMUM_PRICE_MAX) return MESSAGES.minimumPriceMax;
  return null;
}

/** A counter offer: whole pounds, £1 to £300. */
export function counterPriceError(value: PriceInput): string | null {
  if (isFractionalNumber(value) || isNotAnAmount(value)) return MESSAGES.wholePounds;
  const pounds = parseWholePounds(value);
  if (pounds === null || pounds < COUNTER_PRICE_MIN) return MESSAGES.counterMin;
  if (pounds > COUNTER_PRICE_MAX) return MESSAGES.counterMax;
  return null;
}

/** A customer's price: whole pounds, at least the business minimum ('Price must be at least £{min}'). */
export function customerPriceError(price: PriceInput, min: number): string | null {
  if (isFractionalNumber(price) || isNotAnAmount(price)) return MESSAGES.wholePounds;
  const pounds = parseWholePounds(price);
  if (pounds === null || pounds < Math.max(min, 1)) return priceAtLeast(min);
  if (pounds > MAX_BOOKING_PRICE) return MESSAGES.priceTooHigh;
  return null;
}

/**
 * The preset prices the booking wizard offers beside the minimum itself: the next
 * PRESET_PRICE_COUNT multiples of £5 above it (£20 → £25, £30, £35, £40; £22 → £25 … £40), never
 * above the highest price a booking may have.
 */
export function presetPricesFor(min: number): number[] {
  const first = (Math.floor(Math.max(min, 0) / PRESET_PRICE_STEP) + 1) * PRESET_PRICE_STEP;
  return Array.from({ length: PRESET_PRICE_COUNT }, (_, index) => first + index * PRESET_PRICE_STEP).filter(
    (price) => price <= MAX_BOOKING_PRICE,
  );
}
