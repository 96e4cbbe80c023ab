import { auditEveryScreen } from '../fixtures/accessibility-audit';

auditEveryScreen({ name: 'desktop, light', colorScheme: 'light', viewport: { width: 1280, height: 900 } });
