import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { ShouldRevalidateFunction } from 'react-router';
import { paths } from '@/config/paths';
import { filtersFromSearch, searchOfFilters } from '@/features/businesses/api/business-filters';
import { businessesQueryOptions } from '@/features/businesses/api/get-businesses';
import { townsQueryOptions } from '@/features/businesses/api/get-towns';
import { BusinessesPage } from '@/features/businesses/components/businesses-page';
import { createQueryClient } from '@/lib/query-client';
import { appUrlOf, pageMeta } from '../seo';
import type { Route } from './+types/businesses';

/** The list's own address: its filters, under the API's parameter names (api-contract §9.1). */
const listPath = (url: string) => {
  const filters = filtersFromSearch(new URL(url).searchParams);
  const search = searchOfFilters(filters);
  if (filters.sort !== 'next') search.set('sort', filters.sort);
  const query = search.toString();
  return { filters, path: query ? `${paths.businesses.getHref()}?${query}` : paths.businesses.getHref() };
};

/** On the server: the first page of the URL's search and the towns, read in process. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { filters } = listPath(request.url);
  const query = Object.fromEntries(searchOfFilters(filters));
  const [page, towns] = await Promise.all([
    context.publicPages.businesses({ ...query, sort: filters.sort }),
    context.publicPages.towns(),
  ]);
  const client = createQueryClient();
  client.setQueryData(businessesQueryOptions(filters).queryKey, { pages: [page], pageParams: [null] });
  client.setQueryData(townsQueryOptions().queryKey, towns.towns);
  return { dehydratedState: dehydrate(client) };
}

/**
 * In the browser, on later visits: nothing from the server (the page's own query asks the API,
 * through its cache and refresh queue). A change of the filters is the page's own business.
 */
export function clientLoader() {
  return { dehydratedState: undefined };
}

export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const { filters, path } = listPath(`http://localhost${location.pathname}${location.search}`);
  const town = filters.town;
  return pageMeta({
    title: town ? `Barbers and hair and beauty providers in ${town}` : paths.businesses.title,
    description: town
      ? `Book barbers and hair and beauty providers in ${town}, Northern Ireland: see free times, prices and verified reviews, and offer your price.`
      : 'Browse barbers and hair and beauty providers across Northern Ireland: free times, prices, home visits and verified reviews.',
    path,
    appUrl: appUrlOf(matches),
  });
};

export default function Businesses({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <BusinessesPage />
    </HydrationBoundary>
  );
}
