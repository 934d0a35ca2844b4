import { describe, expect, it } from 'vitest';
import { ratingBadge } from './rating';

describe('ratingBadge', () => {
  it('shows the average with the count from 3 reviews up, and says it in words', () => {
    expect(ratingBadge({ average: 4.6, count: 23 })).toEqual({
      visible: '★ 4.6 (23)',
      spoken: 'Rated 4.6 out of 5 from 23 reviews',
      hasAverage: true,
    });
    expect(ratingBadge({ average: 5, count: 3 }).visible).toBe('★ 5.0 (3)');
  });

  it('below 3 reviews (no average) says New, or how many reviews there are', () => {
    expect(ratingBadge({ average: null, count: 0 }).visible).toBe('New');
    expect(ratingBadge({ average: null, count: 1 }).visible).toBe('1 review');
    expect(ratingBadge({ average: null, count: 2 })).toMatchObject({
      visible: '2 reviews',
      hasAverage: false,
    });
  });
});
