import type { WebLoadContext } from '@app/domain';

// The load context the API hands every server render (apps/api/src/plugins/web.ts), typed by the
// domain's contract: the web's source and the API's never import each other.
declare module 'react-router' {
  interface AppLoadContext extends WebLoadContext {}
}
