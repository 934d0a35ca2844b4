import { writeA11yReport } from './a11y-report';

export default async function globalTeardown() {
  await writeA11yReport();
}
