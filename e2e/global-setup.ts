import { clearA11yResults } from './a11y-report';

export default function globalSetup() {
  clearA11yResults();
}
