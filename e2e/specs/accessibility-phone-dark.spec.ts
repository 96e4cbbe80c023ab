import { auditEveryScreen } from '../fixtures/accessibility-audit';

auditEveryScreen({
  name: '390 px, dark',
  colorScheme: 'dark',
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
});
