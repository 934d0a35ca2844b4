import {
  PRODUCT_NAME,
  REVIEW_AVERAGE_MIN_COUNT,
  REVIEW_MAX_RATING,
  REVIEW_MIN_RATING,
  REVIEW_WINDOW_DAYS,
} from '@app/domain';
import { Text } from '@mantine/core';
import { ExternalLink, LegalList, LegalPage, LegalSection } from './legal-page';

/**
 * Route /review-policy (public): who may review, that reviews are never bought, how moderation works.
 * NOTE: the comment's length is written out: REVIEW_TEXT_MAX_LENGTH as a value would bring the domain's
 * review rules (zod and the profanity word list, about 50 kB gzip) to this page of text. The other
 * numbers are inlined by the build; legal-pages.test.tsx checks the text against every constant.
 */
export function ReviewPolicyPage() {
  return (
    <LegalPage
      title="How Reviews Work"
      intro={
        <>
          Every review on {PRODUCT_NAME} comes from a real customer after a real appointment. This page says
          who may write one, what we never allow, and how reviews are moderated.
        </>
      }
    >
      <LegalSection title="Who may write a review">
        <LegalList
          items={[
            'Only the customer who made the booking, and only for an appointment the business approved or confirmed.',
            <>
              Only after the appointment’s hour has ended, and within{' '}
              <strong>{REVIEW_WINDOW_DAYS} days</strong> of it.
            </>,
            `One review per booking. You can edit your review within the same ${REVIEW_WINDOW_DAYS} days; after that it stays as it is.`,
            <>
              A review is {REVIEW_MIN_RATING} to {REVIEW_MAX_RATING} stars, with an optional comment of up to
              1,000 characters.
            </>,
            'Your first name and the initial of your last name show with your review, with the day of your visit.',
          ]}
        />
      </LegalSection>

      <LegalSection title="Reviews are never bought or filtered">
        <Text>
          Reviews are never paid for or rewarded, by us or by a business: no discounts, gifts or other
          incentives in return for a review or for a particular rating. A business cannot choose which reviews
          show, hide or delete a review, or write reviews of itself. Fake and incentivised reviews are
          unlawful in the UK under the{' '}
          <ExternalLink href="https://www.legislation.gov.uk/ukpga/2024/13/contents">
            Digital Markets, Competition and Consumers Act 2024
          </ExternalLink>
          , and we show every review that keeps the rules below, good or bad.
        </Text>
      </LegalSection>

      <LegalSection title="Replies from businesses">
        <Text>
          The business may reply to each review once, and may edit its reply. The reply shows under the
          review. A business can neither hide nor delete a review.
        </Text>
      </LegalSection>

      <LegalSection title="Reporting and moderation">
        <LegalList
          items={[
            'Anyone signed in can report a review, saying why.',
            'Our Admin reads every report. A review that breaks the rules (abuse, personal details about someone, or a review that is not about the appointment) may be hidden, with a reason.',
            'When a review is hidden, both its author and the business are told by email, with the reason.',
            'A review is not hidden because it is negative.',
          ]}
        />
      </LegalSection>

      <LegalSection title="Ratings">
        <Text>
          A business’s rating is the average of its visible reviews, rounded to one decimal place. It shows
          once the business has at least {REVIEW_AVERAGE_MIN_COUNT} reviews; until then we show how many
          reviews it has. Hidden reviews do not count towards the average.
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
