import type { AccountRepository } from '../account/account.repository';
import type { SettingsRepository } from '../settings/settings.repository';

/** The settings key of the demo's state (accounts' passwords, machines' secrets). */
export const DEMO_KEY = 'demo';

/**
 * Whether this start runs the demo: DEMO=1 always, DEMO=0 never; unset, on an empty database — and
 * then on every later start of the same database, so the fleet keeps living — but never in a
 * deployment (ADMIN_EMAIL or NODE_ENV=production), where the demo's open mailbox would hand out
 * reset links (docs/security.md). Kept apart from the demo itself, which is loaded only when it runs.
 */
export async function demoWanted(
  flag: boolean | undefined,
  deployment: boolean,
  accounts: Pick<AccountRepository, 'exists'>,
  settings: Pick<SettingsRepository, 'get'>,
): Promise<boolean> {
  if (flag !== undefined) return flag;
  if (deployment) return false;
  if (await settings.get(DEMO_KEY)) return true;
  return !(await accounts.exists());
}
