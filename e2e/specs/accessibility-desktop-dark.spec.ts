import { auditEveryScreen } from '../fixtures/accessibility-audit';

auditEveryScreen({ name: 'desktop, dark', colorScheme: 'dark', viewport: { width: 1280, height: 900 } });
