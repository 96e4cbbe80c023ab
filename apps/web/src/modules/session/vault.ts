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

let keyPromise: Promise<CryptoKey | undefined> | undefined;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

async function openDatabase(): Promise<IDBDatabase> {
  const open = indexedDB.open(DATABASE, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  return request(open);
}

async function loadKey(): Promise<CryptoKey | undefined> {
  try {
    const db = await openDatabase();
    const stored = await request(db.transaction(STORE).objectStore(STORE).get(KEY_ID));
    if (stored instanceof CryptoKey) return stored;
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await request(db.transaction(STORE, 'readwrite').objectStore(STORE).put(key, KEY_ID));
    return key;
  } catch {
    return undefined;
  }
}

function key(): Promise<CryptoKey | undefined> {
  keyPromise ??= loadKey();
  return keyPromise;
}

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
