import { randomBytes } from 'node:crypto';
import { MOBILE_CLIENT_ID, WEB_CLIENT_ID } from '@washboard/contracts';
import type { SettingsRepository } from './settings.repository';

export { WEB_CLIENT_ID };

/** Client applications and their subscription keys: from SUBSCRIPTION_KEYS, else generated once and kept. */
export async function loadClients(
  configured: Record<string, string> | undefined,
  repo: SettingsRepository,
): Promise<Record<string, string>> {
  if (configured) return configured;
  return repo.getOrCreate('subscription_keys', () => ({
    [WEB_CLIENT_ID]: randomBytes(16).toString('hex'),
    [MOBILE_CLIENT_ID]: randomBytes(16).toString('hex'),
  }));
}
