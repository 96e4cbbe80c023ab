import { localKey, localKeys, replaceLocalKey } from '../../modules/session/vault';

/** The key of the companion's offline data (the query cache and the mutation queue), replaced at logout. */
const KEY_ID = 'companion-offline';

/** What IndexedDB holds of a value: its AES-GCM ciphertext and IV, never the plain JSON. */
type TSealed = { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer };

const noKey = () => new Error('The offline key could not be loaded');

/**
 * `text` encrypted with the companion's offline key (AES-GCM, non-extractable key in IndexedDB), so a
 * copy of a lost phone's storage shows no customer or machine data in clear. Throws when the browser
 * gives no key (no IndexedDB, or it failed this time): the caller writes nothing then.
 */
export async function seal(text: string): Promise<TSealed> {
  const key = await localKey(KEY_ID);
  if (!key) throw noKey();
  const iv = crypto.getRandomValues(new Uint8Array(12));
  return { iv, data: await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(text)) };
}

/**
 * The text `sealed` holds; undefined for nothing, something else, or a value sealed with a replaced
 * key (gone for good). Throws when no key can be loaded: the value may be fine, it just cannot be read now.
 */
export async function unseal(sealed: unknown): Promise<string | undefined> {
  if (!isSealed(sealed)) return undefined;
  const keys = await localKeys(KEY_ID);
  if (keys.length === 0) throw noKey();
  for (const key of keys) {
    try {
      return new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, key, sealed.data));
    } catch {
      // Sealed with another of the keys, or with a replaced one.
    }
  }
  return undefined;
}

function isSealed(value: unknown): value is TSealed {
  return (
    typeof value === 'object' &&
    value !== null &&
    'iv' in value &&
    value.iv instanceof Uint8Array &&
    'data' in value &&
    value.data instanceof ArrayBuffer
  );
}

/**
 * Logout: a new offline key, so that what the companion sealed for the user can no longer be read;
 * `reseal` writes what must survive (the changes that still wait) with the new key before the old one
 * is deleted.
 */
export const replaceOfflineKey = (reseal: () => Promise<void>): Promise<void> => replaceLocalKey(KEY_ID, reseal);
