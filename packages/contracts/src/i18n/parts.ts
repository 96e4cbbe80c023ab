import type { TCatalogue } from './catalogue';

type TNamespace = keyof TCatalogue;

/**
 * The parts in which the browser loads a language's catalogue (docs/texts.md): a first visit
 * downloads only what a signed-out screen can show, the signed-in screens wait for the rest. Each
 * top-level namespace is in exactly one part or among `SERVER_NAMESPACES` (a test checks this).
 */
export const CATALOGUE_PARTS = {
  /** What any screen may show: the layout, status pages, common words, the demo link. */
  core: [
    'common',
    'errors',
    'layout',
    'errorPages',
    'userStatus',
    'units',
    'roles',
    'dialog',
    'toggles',
    'countries',
    'demoPanel',
  ],
  /** Sign-in, registration and passwords, with the API's error texts. */
  account: ['login', 'register', 'changePassword', 'validation', 'apiErrors', 'success'],
  /** The companion's landing (/app/ loads it with the core). */
  landing: ['companionLanding'],
  /** The technician's companion behind its sign-in. */
  mobile: ['mobile'],
  /** Everything behind the sign-in. */
  signedIn: [
    'admin',
    'adminProfiles',
    'device',
    'devices',
    'haccp',
    'heatDose',
    'inspection',
    'thresholds',
    'remoteControl',
    'parameters',
    'profile',
    'alarmRegister',
    'firmware',
    'pendingUsers',
    'notifications',
    'temperatureHistory',
    'cycles',
    'machineState',
  ],
} as const satisfies Record<string, readonly TNamespace[]>;

/** Texts only the server speaks (mails, the unsubscribe page): never sent to the browser. */
export const SERVER_NAMESPACES = ['mail', 'unsubscribe'] as const satisfies readonly TNamespace[];

export type TCataloguePart = keyof typeof CATALOGUE_PARTS;
export const CATALOGUE_PART_NAMES = Object.keys(CATALOGUE_PARTS) as TCataloguePart[];

/** The namespaces of `part` of one language's catalogue. */
export function cataloguePart(catalogue: TCatalogue, part: TCataloguePart): Partial<TCatalogue> {
  return Object.fromEntries(CATALOGUE_PARTS[part].map((ns) => [ns, catalogue[ns]]));
}
