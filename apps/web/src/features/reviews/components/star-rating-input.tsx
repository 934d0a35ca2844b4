import { REVIEW_MAX_RATING, REVIEW_MIN_RATING } from '@app/domain';
import { Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { starsText } from '../utils/review-format';
import classes from './reviews.module.css';

const STARS = Array.from(
  { length: REVIEW_MAX_RATING - REVIEW_MIN_RATING + 1 },
  (_, index) => REVIEW_MIN_RATING + index,
);

/**
 * Choosing 1–5 stars: a group of native radio buttons under the legend 'Rating', each named '4 stars',
 * so arrow keys choose and screen readers say the choice as with any radio group. The stars up to
 * the choice (or to the star under the pointer, in CSS) are filled.
 */
export function StarRatingInput({
  value,
  onChange,
  error,
}: {
  /** 0 while none is chosen. */
  value: number;
  onChange: (stars: number) => void;
  error: string | null;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className={classes.starField} aria-describedby={error ? errorId : undefined}>
      <legend className={classes.starLegend}>
        Rating{' '}
        <Text span c="red" aria-hidden="true">
          *
        </Text>
      </legend>
      <div className={classes.starRow}>
        {STARS.map((stars) => (
          <label key={stars} className={classes.star} data-filled={stars <= value || undefined}>
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              required
              aria-invalid={error ? true : undefined}
              className={classes.starInput}
            />
            <span aria-hidden="true">★</span>
            <VisuallyHidden>{starsText(stars)}</VisuallyHidden>
          </label>
        ))}
      </div>
      <Text size="sm" mt={4} c="dimmed">
        {value > 0
          ? `${starsText(value)} out of ${REVIEW_MAX_RATING}`
          : `Choose from 1 to ${REVIEW_MAX_RATING} stars`}
      </Text>
      {error ? (
        <Text id={errorId} size="sm" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </fieldset>
  );
}
