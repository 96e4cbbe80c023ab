import { LOCAL_LINK_NAME_PREFIX, LOCAL_LINK_SERVICE_UUID, localLinkName } from '@washboard/contracts';

/*
 * The few parts of Web Bluetooth the local link uses. TypeScript's DOM library does not declare the
 * API (it is not in every browser): these types say what the companion relies on, nothing more.
 */

export type TGattCharacteristic = EventTarget & {
  readonly uuid: string;
  readonly value?: DataView | null;
  readValue(): Promise<DataView>;
  writeValueWithoutResponse(value: BufferSource): Promise<void>;
  startNotifications(): Promise<TGattCharacteristic>;
};

export type TGattService = { getCharacteristic(uuid: string): Promise<TGattCharacteristic> };

export type TGattServer = {
  readonly connected: boolean;
  connect(): Promise<TGattServer>;
  disconnect(): void;
  getPrimaryService(uuid: string): Promise<TGattService>;
};

export type TBluetoothDevice = EventTarget & { readonly id: string; readonly name?: string; readonly gatt?: TGattServer };

type TBluetooth = {
  getAvailability(): Promise<boolean>;
  requestDevice(options: {
    filters: ({ services: string[] } | { namePrefix: string } | { name: string })[];
    optionalServices?: string[];
  }): Promise<TBluetoothDevice>;
};

/** Whether this browser can reach machines over Bluetooth now, and if not, why. */
export type TBluetoothSupport = 'ready' | 'unsupported' | 'noAdapter';

/** Why looking for, or connecting to, a machine failed (each has its own message for the user). */
export type TBluetoothProblem = TBluetoothSupport | 'cancelled' | 'refused' | 'unreachable';

function bluetooth(): TBluetooth | undefined {
  return (navigator as Navigator & { bluetooth?: TBluetooth }).bluetooth;
}

/**
 * 'unsupported': the browser has no Web Bluetooth (Firefox, Safari, iOS; Chrome without a secure
 * context); 'noAdapter': it has, but no adapter is present or it is off.
 */
export async function bluetoothSupport(): Promise<TBluetoothSupport> {
  const api = bluetooth();
  if (!api) return 'unsupported';
  const available = await api.getAvailability().catch(() => false);
  return available ? 'ready' : 'noAdapter';
}

/** A DOMException's name, or nothing. */
function errorName(error: unknown): string | undefined {
  return error instanceof DOMException || error instanceof Error ? error.name : undefined;
}

/**
 * What went wrong, from what Web Bluetooth threw. Chromium answers most refusals with a NotFoundError
 * and says which in its message: no adapter ("Bluetooth adapter not available."), the site or a
 * policy blocking Bluetooth ("… disabled Web Bluetooth.", "Web Bluetooth API globally disabled.",
 * "User denied the browser permission to scan …"), or the chooser closed without a choice ("User
 * cancelled the requestDevice() chooser."). NotAllowedError and SecurityError are refusals too (no
 * user gesture, a permissions policy); anything else is the machine out of reach.
 */
export function bluetoothProblem(error: unknown): TBluetoothProblem {
  const message = error instanceof Error ? error.message : '';
  switch (errorName(error)) {
    case 'NotFoundError':
      if (/adapter/i.test(message)) return 'noAdapter';
      if (/disabled|denied|permission/i.test(message)) return 'refused';
      return 'cancelled';
    case 'NotAllowedError':
    case 'SecurityError':
      return 'refused';
    case 'NotSupportedError':
      return 'unsupported';
    default:
      return 'unreachable';
  }
}

/**
 * The system's chooser of a nearby machine: one that advertises the link's service or the name
 * `WB-<serial>` (docs/local-link.md, "Advertising"). Throws what Web Bluetooth throws.
 */
export function chooseMachine(): Promise<TBluetoothDevice> {
  const api = bluetooth();
  if (!api) return Promise.reject(new DOMException('Web Bluetooth is not available', 'NotSupportedError'));
  return api.requestDevice({
    filters: [{ services: [LOCAL_LINK_SERVICE_UUID] }, { namePrefix: LOCAL_LINK_NAME_PREFIX }],
    optionalServices: [LOCAL_LINK_SERVICE_UUID],
  });
}

/**
 * The system's chooser, showing only the spare main board `boardSerial`: it advertises
 * `WB-<boardSerial>` until it is given its machine (docs/local-link.md, "Board replacement").
 */
export function chooseBoard(boardSerial: string): Promise<TBluetoothDevice> {
  const api = bluetooth();
  if (!api) return Promise.reject(new DOMException('Web Bluetooth is not available', 'NotSupportedError'));
  return api.requestDevice({ filters: [{ name: localLinkName(boardSerial) }], optionalServices: [LOCAL_LINK_SERVICE_UUID] });
}
