import { paths } from '@/config/paths';
import { AuthScreen } from '@/features/auth/components/auth-screen';
import { appUrlOf, pageMeta } from '../seo';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: paths.login.title,
    description: 'Sign in to TrimTime NI to request appointments and manage your bookings.',
    path: paths.login.getHref(),
    appUrl: appUrlOf(matches),
  });

export default function Login() {
  return <AuthScreen />;
}
