import { clearA11yResults } from './a11y-report';

export default function globalSetup() {
  // A partial run (the journeys again on PostgreSQL) keeps the full run's figures.
  if (process.env.E2E_KEEP_REPORTS !== '1') clearA11yResults();
}
