import { z } from 'zod';

// Response shapes of the calendar feed (api-contract §8.5, §8.9).

/** POST /user/calendar-feed: the business's new secret feed URL (the previous one stops working). */
export const CalendarFeedResponseSchema = z
  .object({
    url: z
      .string()
      .describe('`{APP_URL}/api/calendar/{token}.ics`; anyone with it can read the feed, so keep it private'),
  })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeedResponse = z.infer<typeof CalendarFeedResponseSchema>;
