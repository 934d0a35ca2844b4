import { writeA11yReport } from './a11y-report';

export default async function globalTeardown() {
  if (process.env.E2E_KEEP_REPORTS !== '1') await writeA11yReport();
}
