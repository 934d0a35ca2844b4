import {
  BOOKING_HISTORY_YEARS,
  PRODUCT_NAME,
  REMEMBER_ME_DAYS,
  RESET_CODE_TTL_HOURS,
  SIGNUP_CODE_TTL_HOURS,
} from '@app/domain';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { CONTACT_EMAIL } from '@/config/site';
import { ExternalLink, LegalList, LegalPage, LegalSection } from './legal-page';

export function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <>
          {PRODUCT_NAME} is an online marketplace that connects customers with hair and beauty providers
          (independent barbers, hairdressers and beauty professionals) in Northern Ireland. This policy
          explains what personal data we collect, why, how long we keep it and the rights you have under the
          UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.
        </>
      }
    >
      <LegalSection title="Who we are">
        <Text>
          {PRODUCT_NAME} is the controller of the personal data described here, for the running of the
          marketplace. When you book with a provider, that provider also receives the details needed to serve
          you and is responsible for how they use them. You can reach us about anything in this policy at{' '}
          <Anchor href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</Anchor>.
        </Text>
      </LegalSection>

      <LegalSection title="The information we collect">
        <LegalList
          items={[
            <>
              <strong>Account details:</strong> your name, email address, mobile number, postal address and
              date of birth.
            </>,
            <>
              <strong>Business details</strong> (providers only): business name and address, description,
              opening hours, prices, away dates and whether you offer home visits.
            </>,
            <>
              <strong>Bookings:</strong> the times you request, the prices offered and any counter offers, the
              address for a home visit, and each change of a booking’s status.
            </>,
            <>
              <strong>Payments:</strong> the amount, date and status of each payment. Card details are handled
              by our payment provider; we never see or store your full card number.
            </>,
            <>
              <strong>Messages</strong> exchanged between customers and providers through {PRODUCT_NAME}.
            </>,
            <>
              <strong>Technical data:</strong> the sign-in tokens kept in your browser, and security records
              such as IP addresses and sign-in attempts that protect accounts from abuse.
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection title="How we use it and our lawful bases">
        <LegalList
          items={[
            <>
              To create your account, confirm your email address, and let you request, manage and keep a
              record of bookings: <em>performance of our contract with you</em>.
            </>,
            <>
              To take payments for bookings and to let customers and providers message each other about
              appointments: <em>performance of our contract with you</em>.
            </>,
            <>
              To keep the service secure, limit repeated sign-in attempts and prevent fraud:{' '}
              <em>our legitimate interests</em> in running a safe marketplace.
            </>,
            <>
              To send you news and offers, only if you tick the marketing box: <em>your consent</em>, which
              you can withdraw at any time.
            </>,
            <>
              To keep financial and booking records that the law requires: <em>legal obligation</em>.
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection title="Who we share it with">
        <LegalList
          items={[
            'The provider you send a request to receives your name, contact details and, for a home visit, your address.',
            'Customers see a provider’s name, business name, description, opening hours and prices.',
            'Companies that work for us under contract: hosting, email delivery and payment processing. They may use your data only to provide their service to us.',
            'Police, regulators or courts, where the law requires us to.',
          ]}
        />
        <Text>We do not sell your personal data and we do not use it for third-party advertising.</Text>
      </LegalSection>

      <LegalSection title="How long we keep it">
        <LegalList
          items={[
            <>
              <strong>Booking history is kept for {BOOKING_HISTORY_YEARS} years</strong> from the time of the
              booking and then deleted. This applies even if you delete your account, so that providers and we
              can meet our record-keeping duties.
            </>,
            'Your account profile is deleted when you delete your account.',
            <>
              Email confirmation codes expire after {SIGNUP_CODE_TTL_HOURS} hours and password reset codes
              after {RESET_CODE_TTL_HOURS} hour.
            </>,
            'Your marketing choice is kept until you change it or delete your account.',
          ]}
        />
      </LegalSection>

      <LegalSection title="Cookies and browser storage">
        <Text>
          We do not use advertising or analytics cookies. To keep you signed in we store sign-in tokens in
          your browser: for the current browser session only, or for up to {REMEMBER_ME_DAYS} days if you
          choose “Remember me”. Some settings on your profile are stored only in your browser and are never
          sent to us.
        </Text>
      </LegalSection>

      <LegalSection title="Your rights">
        <Text>Under UK data protection law you have the right to:</Text>
        <LegalList
          items={[
            'access the personal data we hold about you and get a copy of it;',
            'have inaccurate data corrected;',
            'have your data erased, subject to the records we must keep;',
            'restrict or object to how we use your data;',
            'receive the data you gave us in a portable format;',
            'withdraw your consent to marketing at any time.',
          ]}
        />
        <Text>
          Email <Anchor href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</Anchor> to use any of these rights.
          We reply within one month. You can also edit your details or delete your account from your profile
          at any time.
        </Text>
      </LegalSection>

      <LegalSection title="Where your data is kept and how it is protected">
        <Text>
          We store data in the United Kingdom or the European Economic Area. If a supplier processes it
          elsewhere, we use the safeguards UK law requires, such as UK adequacy regulations or the
          International Data Transfer Agreement. Passwords are stored only in a hashed form, every connection
          is encrypted, and staff access is limited to what their work needs.
        </Text>
      </LegalSection>

      <LegalSection title="Complaints">
        <Text>
          If you are unhappy with how we handle your data, please contact us first so we can put it right. You
          also have the right to complain to the Information Commissioner’s Office (ICO), the UK regulator for
          data protection, at{' '}
          <ExternalLink href="https://ico.org.uk/make-a-complaint/">ico.org.uk/make-a-complaint</ExternalLink>{' '}
          or on 0303 123 1113.
        </Text>
      </LegalSection>

      <LegalSection title="Changes to this policy">
        <Text>
          We will post any changes on this page and, if they are significant, tell you by email before they
          take effect. Please also read our{' '}
          <Anchor component={Link} to={paths.termsOfService.getHref()}>
            Terms of Service
          </Anchor>
          .
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
