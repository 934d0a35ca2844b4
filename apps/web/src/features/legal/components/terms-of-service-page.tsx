import { BOOKING_HISTORY_YEARS, COUNTER_PRICE_MAX, MIN_AGE_TERMS, PRODUCT_NAME } from '@app/domain';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { CONTACT_EMAIL } from '@/config/site';
import { LegalList, LegalPage, LegalSection } from './legal-page';

export function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <>
          These terms are an agreement between you and {PRODUCT_NAME} for the use of our website and booking
          service. Please read them carefully: by creating an account or making a booking you accept them.
        </>
      }
    >
      <LegalSection title="What we do">
        <Text>
          {PRODUCT_NAME} is a marketplace that connects customers with hair and beauty providers in Northern
          Ireland. Providers are independent businesses. When a booking is confirmed, the contract for the
          haircut, treatment or other service is between you and the provider; we run the platform that takes
          the request, the payment and the messages in between.
        </Text>
      </LegalSection>

      <LegalSection title="Who can use it">
        <Text>
          <strong>You must be at least {MIN_AGE_TERMS} years old</strong> to use {PRODUCT_NAME}. Businesses
          can join only through an invitation from us.
        </Text>
      </LegalSection>

      <LegalSection title="Your account">
        <LegalList
          items={[
            'Give accurate details and keep them up to date.',
            'Confirm your email address with the 6-digit code we send you.',
            'Keep your password private. You are responsible for what happens on your account, so tell us straight away if you think someone else has used it.',
          ]}
        />
      </LegalSection>

      <LegalSection title="Requests and bookings">
        <LegalList
          items={[
            'You request a free time slot and offer a price. Your offer must be at least the provider’s minimum price.',
            'If the provider offers home visits you can ask for one; your profile address is then shared with them.',
            <>
              The provider can approve your request, decline it, or make a counter offer (up to £
              {COUNTER_PRICE_MAX}), which you can accept or decline.
            </>,
            'A booking is confirmed only when the provider approves it or you accept a counter offer.',
            'You can cancel a request while it is still waiting for the provider.',
          ]}
        />
      </LegalSection>

      <LegalSection title="Prices and payments">
        <Text>
          Prices are in pounds sterling (£) and include any VAT the provider must charge. {PRODUCT_NAME} takes
          payments for bookings on behalf of providers through our payment provider. By confirming a booking
          you authorise payment of the agreed price: your offer, or the counter offer you accepted. Refunds
          follow the cancellation rules shown when you book and your rights under the Consumer Rights Act
          2015.
        </Text>
      </LegalSection>

      <LegalSection title="Messaging">
        <Text>
          {PRODUCT_NAME} supports messaging between customers and providers so you can arrange the details of
          an appointment. Keep messages respectful and about your booking. Abusive, discriminatory,
          threatening or unlawful messages are not allowed; we may review messages that are reported to us and
          suspend accounts that break these rules.
        </Text>
      </LegalSection>

      <LegalSection title="If you are a provider">
        <LegalList
          items={[
            'Hold the skills, insurance and permissions your services need and follow the law, including health and safety rules.',
            'Keep your opening hours, away dates, prices and home-visit choice accurate.',
            'Honour the bookings you approve, and use customers’ details only to serve their bookings.',
          ]}
        />
      </LegalSection>

      <LegalSection title="Fair use">
        <Text>
          Do not make bookings you do not intend to keep, impersonate anyone, copy data from the site in bulk,
          or try to get around its security or rate limits.
        </Text>
      </LegalSection>

      <LegalSection title="Records">
        <Text>
          We keep booking history for {BOOKING_HISTORY_YEARS} years, including after an account is deleted.
          Our{' '}
          <Anchor component={Link} to={paths.privacyPolicy.getHref()}>
            Privacy Policy
          </Anchor>{' '}
          explains what we keep and why.
        </Text>
      </LegalSection>

      <LegalSection title="Our responsibility to you">
        <Text>
          We run the platform with reasonable care and skill. Providers are responsible for the services they
          deliver. Nothing in these terms limits our liability for death or personal injury caused by
          negligence, for fraud, or your statutory rights as a consumer.
        </Text>
      </LegalSection>

      <LegalSection title="Ending your account">
        <Text>
          You can delete your account at any time from your profile once you have no active bookings. We may
          suspend or close an account that breaks these terms, and will tell you why unless the law prevents
          us.
        </Text>
      </LegalSection>

      <LegalSection title="Changes and the law that applies">
        <Text>
          We may update these terms and will tell you about significant changes before they take effect. These
          terms are governed by the law of Northern Ireland, and the courts of Northern Ireland can hear any
          dispute, though you may also have the right to bring a claim elsewhere in the United Kingdom.
          Questions? Email <Anchor href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</Anchor>.
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
