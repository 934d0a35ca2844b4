import { z } from 'zod';
import { MESSAGES, priceAtLeast } from './messages';
import { counterPriceError, customerPriceError, minimumPriceError, type PriceInput } from './prices';
import { parseWholePounds } from './whole-pounds';

// The price rules as zod schemas, apart from prices.ts so that a page checking a price by hand (the
// counter offer, the booking wizard's price step) does not set zod up on load.

/** Whole pounds as a number or numeric text, checked by `rule`, parsed to a number. */
export function wholePoundsSchema(rule: (value: PriceInput) => string | null, missing: string) {
  return z
    .union([z.number(), z.string().max(16)], { error: missing })
    .superRefine((value, ctx) => {
      const message = rule(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((value) => parseWholePounds(value) as number);
}

export const MinimumPriceSchema = wholePoundsSchema(minimumPriceError, MESSAGES.minimumPriceMin);
export const CounterPriceSchema = wholePoundsSchema(counterPriceError, MESSAGES.counterMin);
/** A customer's price before the business minimum is known (the server then applies `customerPriceError`). */
export const CustomerPriceSchema = wholePoundsSchema(
  (value) => customerPriceError(value, 1),
  priceAtLeast(1),
);
