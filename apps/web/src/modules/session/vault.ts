/**
 * What the web app keeps of a user between visits, encrypted (spec: "stored data is encrypted
 * locally"): AES-GCM with a key made by Web Crypto as non-extractable and kept in IndexedDB, so no
 * script can read the key out, and a copy of localStorage alone reveals nothing. Values live in
 * localStorage as `wb.vault.<name>` = base64 of IV and ciphertext. Without IndexedDB (some private
 * modes) nothing is kept.
 */
const DATABASE = 'washboard';
const STORE = 'keys';
const KEY_ID = 'local-data';
const PREFIX = 'wb.vault.';

const keys = new Map<string, Promise<CryptoKey | undefined>>();

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
  });
}

async function openDatabase(): Promise<IDBDatabase> {
  const open = indexedDB.open(DATABASE, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  return request(open);
}

async function storedKey(db: IDBDatabase, id: string): Promise<CryptoKey | undefined> {
  const stored: unknown = await request(db.transaction(STORE).objectStore(STORE).get(id));
  return stored instanceof CryptoKey ? stored : undefined;
}

const newKey = () => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);

/** The stored key `id`, made on first use; throws when IndexedDB cannot be used. */
async function loadKey(id: string): Promise<CryptoKey> {
  const db = await openDatabase();
  const stored = await storedKey(db, id);
  if (stored) return stored;
  const key = await newKey();
  try {
    // `add`, never `put`: another tab making its first key at the same moment keeps the one it already sealed with.
    await request(db.transaction(STORE, 'readwrite').objectStore(STORE).add(key, id));
    return key;
  } catch (error) {
    const theirs = await storedKey(db, id);
    if (!theirs) throw error;
    return theirs;
  }
}

/**
 * The browser's AES-GCM key `id`: made non-extractable on first use and kept in IndexedDB (undefined
 * without IndexedDB). The vault's own is one; the companion's offline data have another. A load that
 * failed is not remembered: the next call tries again.
 */
export function localKey(id: string): Promise<CryptoKey | undefined> {
  const cached = keys.get(id);
  if (cached) return cached;
  const loading: Promise<CryptoKey | undefined> = loadKey(id).catch(() => {
    if (keys.get(id) === loading) keys.delete(id);
    return undefined;
  });
  keys.set(id, loading);
  return loading;
}

const nextId = (id: string) => `${id}.next`;

/**
 * The keys that may have sealed data under `id`: the one in use and the stored ones — during a
 * `replaceLocalKey` the old key still stored, after one cut short (the app closed) the new one it had
 * stored. Empty when no key can be loaded.
 */
export async function localKeys(id: string): Promise<CryptoKey[]> {
  const current = await localKey(id);
  if (!current) return [];
  try {
    const db = await openDatabase();
    const stored = [await storedKey(db, id), await storedKey(db, nextId(id))];
    return [current, ...stored.filter((key) => key !== undefined)];
  } catch {
    return [current];
  }
}

/**
 * Replaces the key `id` with a new one, so that what the old one sealed can no longer be read, without
 * a moment where what must survive is unreadable: the new key is stored first (as `<id>.next`; from
 * then on `localKey` gives it), `reseal` writes what must survive sealed with it, and only then does
 * the new key take the old one's place. The app closing in between leaves both keys (`localKeys`).
 */
export async function replaceLocalKey(id: string, reseal: () => Promise<void>): Promise<void> {
  const next = await newKey();
  await request((await openDatabase()).transaction(STORE, 'readwrite').objectStore(STORE).put(next, nextId(id)));
  keys.set(id, Promise.resolve(next));
  await reseal();
  const swap = (await openDatabase()).transaction(STORE, 'readwrite');
  swap.objectStore(STORE).put(next, id);
  swap.objectStore(STORE).delete(nextId(id));
  await committed(swap);
}

const key = () => localKey(KEY_ID);

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export const vault = {
  async get<T>(name: string): Promise<T | undefined> {
    const raw = localStorage.getItem(PREFIX + name);
    const k = raw ? await key() : undefined;
    if (!raw || !k) return undefined;
    try {
      const [iv = '', data = ''] = raw.split('.');
      const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(iv) }, k, fromBase64(data));
      return JSON.parse(new TextDecoder().decode(plain)) as T;
    } catch {
      // Written with another key (IndexedDB cleared) or tampered with: forget it.
      localStorage.removeItem(PREFIX + name);
      return undefined;
    }
  },

  async set(name: string, value: unknown): Promise<void> {
    const k = await key();
    if (!k) return;
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, k, new TextEncoder().encode(JSON.stringify(value)));
    localStorage.setItem(PREFIX + name, `${toBase64(iv)}.${toBase64(new Uint8Array(data))}`);
  },

  remove(name: string): void {
    localStorage.removeItem(PREFIX + name);
  },
};
