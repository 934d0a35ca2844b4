import { paths } from '@/config/paths';
import { LandingPage } from '@/features/landing/components/landing-page';
import { appUrlOf, pageMeta } from '../seo';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: paths.home.title, path: '/', appUrl: appUrlOf(matches) });

export default function Home() {
  return <LandingPage />;
}
