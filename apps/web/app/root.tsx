// First: before any module that may build a form schema (src/app/zod-csp.ts).
import '@/app/zod-csp';
import { type ReactNode, useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useRouteError,
} from 'react-router';
import { RootLayout } from '@/app/layouts/root-layout';
import { NotFoundPage } from '@/app/not-found-page';
import { AppProvider } from '@/app/provider';
import { RouteErrorPage } from '@/app/route-error-page';
import { NOT_FOUND_TITLE } from '@/config/paths';
import type { Route } from './+types/root';
import { InlineStylesheets, useNonce } from './document';
import { pageMeta, THEME_COLOR } from './seo';
import './load-context';

/** The app's address, for canonical and Open Graph URLs (APP_URL on the server). */
export function loader({ context }: Route.LoaderArgs) {
  return { appUrl: context.appUrl };
}

/** Only a page that failed uses the root's own: its title says what happened. */
export const meta: Route.MetaFunction = ({ error }) =>
  error
    ? pageMeta({
        title: isRouteErrorResponse(error) && error.status === 404 ? NOT_FOUND_TITLE : 'Something went wrong',
        noIndex: true,
      })
    : [];

// The address never changes while the app runs: no request for it on later navigations.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

/** The document of every page: the one place with <html>, <head> and the app's chrome. */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Marks the document once the page is interactive (the browser journeys wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <html lang="en-GB" data-mantine-color-scheme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0, viewport-fit=cover" />
        <meta name="theme-color" content={THEME_COLOR} />
        <Meta />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        {/* The built app's stylesheet is in the page (decision 24); Vite's development server
            links and injects its own. */}
        {import.meta.env.DEV ? <Links /> : <InlineStylesheets />}
      </head>
      <body>
        <AppProvider>
          <RootLayout>{children}</RootLayout>
        </AppProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** A path the app does not know, an unknown business (404), or a page that failed. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundPage />;
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return <RouteErrorPage />;
}
