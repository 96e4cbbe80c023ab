import { useMemo, useSyncExternalStore } from 'react';
import { ZLinkSession, type TLinkMachineInfo } from '@washboard/contracts';
import { openGattLink, type TGattLink } from './gatt-link';
import { chooseBoard, chooseMachine, type TBluetoothDevice } from './web-bluetooth';

/** A machine the phone has reached over Bluetooth in this visit of the app. */
export type TLinkedMachine = {
  serialNumber: string;
  /** What its info characteristic said last (protocol, range, firmware, online). */
  info: TLinkMachineInfo;
  /** The Bluetooth connection is up now. */
  connected: boolean;
  /** A session opened with the code on its display is open now (it ends with the connection). */
  sessionOpen: boolean;
};

type TEntry = { device: TBluetoothDevice; link: TGattLink | null; machine: TLinkedMachine };

const entries = new Map<string, TEntry>();
const listeners = new Set<() => void>();
let snapshot: readonly TLinkedMachine[] = [];

function changed(): void {
  snapshot = [...entries.values()].map((entry) => entry.machine);
  for (const listener of listeners) listener();
}

function update(serialNumber: string, patch: Partial<TLinkedMachine>): void {
  const entry = entries.get(serialNumber);
  if (!entry) return;
  entry.machine = { ...entry.machine, ...patch };
  changed();
}

/** Connects to `device` and keeps it as a linked machine (a machine chosen again replaces its entry). */
async function connect(device: TBluetoothDevice): Promise<TLinkedMachine> {
  const { link, info } = await openGattLink(device, () => {
    const entry = entries.get(info.serialNumber);
    if (!entry || entry.link !== link) return;
    entry.link = null;
    update(info.serialNumber, { connected: false, sessionOpen: false });
  });
  const serial = info.serialNumber;
  const before = entries.get(serial);
  if (before?.link && before.link !== link) before.link.close();
  const machine: TLinkedMachine = { serialNumber: serial, info, connected: true, sessionOpen: false };
  entries.set(serial, { device, link, machine });
  link.client.onMessage((envelope) => {
    const session = envelope.topic === 'session' ? ZLinkSession.safeParse(envelope.payload) : undefined;
    if (session?.success && entries.get(info.serialNumber)?.link === link)
      update(info.serialNumber, { sessionOpen: session.data.open });
  });
  changed();
  return machine;
}

/**
 * The phone's Bluetooth connections to machines (docs/local-link.md): found through the system's
 * chooser, kept while the app runs, each with the local link's client. Screens read them with
 * `useLinkedMachines`; a dropped connection stays listed, not connected, until reconnected.
 */
export const localLinks = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: (): readonly TLinkedMachine[] => snapshot,

  /** Opens the system's chooser of nearby machines and connects to the one chosen. Throws what Web Bluetooth throws. */
  async find(): Promise<TLinkedMachine> {
    return connect(await chooseMachine());
  },

  /**
   * Opens the chooser showing only the spare main board `boardSerial` and connects to it; it is kept
   * under its board serial (what its info names it while it is a spare).
   */
  async findBoard(boardSerial: string): Promise<TLinkedMachine> {
    return connect(await chooseBoard(boardSerial));
  },

  /** Connects again to a machine reached before (no chooser: the browser remembers the permission). */
  async reconnect(serialNumber: string): Promise<TLinkedMachine> {
    const entry = entries.get(serialNumber);
    if (!entry) throw new DOMException('This machine was not reached in this visit', 'NotFoundError');
    if (entry.link) return entry.machine;
    return connect(entry.device);
  },

  /** The link's client of a connected machine. */
  link(serialNumber: string): TGattLink | undefined {
    return entries.get(serialNumber)?.link ?? undefined;
  },

  /** A session opened (the right code) or ended as the machine answered a request. */
  setSessionOpen(serialNumber: string, open: boolean): void {
    update(serialNumber, { sessionOpen: open });
  },

  /** Reads the machine's info again (its `online` while it is commissioned). */
  async refreshInfo(serialNumber: string): Promise<TLinkMachineInfo> {
    const link = localLinks.link(serialNumber);
    if (!link) throw new DOMException('The machine is not connected', 'NetworkError');
    const info = await link.readInfo();
    update(serialNumber, { info });
    return info;
  },

  /** Ends the connection to a machine; it stays listed. */
  disconnect(serialNumber: string): void {
    entries.get(serialNumber)?.link?.close();
  },
};

/** The machines reached over Bluetooth in this visit, for screens. */
export function useLinkedMachines(): readonly TLinkedMachine[] {
  return useSyncExternalStore(localLinks.subscribe, localLinks.snapshot);
}

/** One machine reached over Bluetooth, or undefined. */
export function useLinkedMachine(serialNumber: string): TLinkedMachine | undefined {
  const machines = useLinkedMachines();
  return useMemo(() => machines.find((m) => m.serialNumber === serialNumber), [machines, serialNumber]);
}
