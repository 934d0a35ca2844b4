import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage } from './not-found-page';
import { RouteErrorPage } from './route-error-page';
import { BUSINESS_OR_ADMIN, CUSTOMER_ONLY, RouteGuard } from './route-guard';

// One chunk per screen, loaded when first visited.
const LandingPage = lazy(() =>
  import('@/features/landing/components/landing-page').then((m) => ({ default: m.LandingPage })),
);
const AuthScreen = lazy(() =>
  import('@/features/auth/components/auth-screen').then((m) => ({ default: m.AuthScreen })),
);
const BusinessesPage = lazy(() =>
  import('@/features/businesses/components/businesses-page').then((m) => ({ default: m.BusinessesPage })),
);
const BookingPage = lazy(() =>
  import('@/features/booking/components/booking-page').then((m) => ({ default: m.BookingPage })),
);
const ProfilePage = lazy(() =>
  import('@/features/profile/components/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const AdminPage = lazy(() =>
  import('@/features/admin/components/admin-page').then((m) => ({ default: m.AdminPage })),
);
const PrivacyPolicyPage = lazy(() =>
  import('@/features/legal/components/privacy-policy-page').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const TermsOfServicePage = lazy(() =>
  import('@/features/legal/components/terms-of-service-page').then((m) => ({
    default: m.TermsOfServicePage,
  })),
);
const InvitePage = lazy(() =>
  import('@/features/invite/components/invite-page').then((m) => ({ default: m.InvitePage })),
);

/** The route table of spec §2. Access: public unless wrapped in a RouteGuard. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // Pathless: a failing page renders its error inside the layout, keeping the navigation bar.
        errorElement: <RouteErrorPage />,
        children: [
          { path: paths.home.path, element: <LandingPage /> },
          { path: paths.login.path, element: <AuthScreen /> },
          { path: paths.register.path, element: <AuthScreen /> },
          { path: paths.businesses.path, element: <BusinessesPage /> },
          {
            path: paths.booking.path,
            element: (
              <RouteGuard>
                <BookingPage />
              </RouteGuard>
            ),
          },
          {
            path: paths.profile.path,
            element: (
              <RouteGuard allow={CUSTOMER_ONLY}>
                <ProfilePage />
              </RouteGuard>
            ),
          },
          {
            path: paths.admin.path,
            element: (
              <RouteGuard allow={BUSINESS_OR_ADMIN}>
                <AdminPage />
              </RouteGuard>
            ),
          },
          { path: paths.privacyPolicy.path, element: <PrivacyPolicyPage /> },
          { path: paths.termsOfService.path, element: <TermsOfServicePage /> },
          { path: paths.invite.path, element: <InvitePage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
