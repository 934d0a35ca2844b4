import { paths } from '@/config/paths';
import { AuthScreen } from '@/features/auth/components/auth-screen';
import { appUrlOf, pageMeta } from '../seo';
import type { Route } from './+types/register';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: paths.register.title,
    description: 'Create a free TrimTime NI account and book barbers and hair and beauty providers near you.',
    path: paths.register.getHref(),
    appUrl: appUrlOf(matches),
  });

export default function Register() {
  return <AuthScreen />;
}
