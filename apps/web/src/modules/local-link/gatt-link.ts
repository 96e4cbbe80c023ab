import {
  LinkClient,
  LOCAL_LINK_INFO_UUID,
  LOCAL_LINK_NOTIFY_UUID,
  LOCAL_LINK_REQUEST_UUID,
  LOCAL_LINK_SERVICE_UUID,
  ZLinkMachineInfo,
  type TLinkMachineInfo,
} from '@washboard/contracts';
import type { TBluetoothDevice, TGattCharacteristic } from './web-bluetooth';

/** One machine connected over Bluetooth: its info, and the link's client above the GATT characteristics. */
export type TGattLink = {
  readonly client: LinkClient;
  /** The info characteristic, read again (the machine's `online` changes while it is commissioned). */
  readInfo(): Promise<TLinkMachineInfo>;
  /** Ends the connection (the machine ends the session with it). */
  close(): void;
};

/** Bytes of a characteristic's value, copied out of its DataView. */
function bytesOf(view: DataView): Uint8Array {
  return new Uint8Array(view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength));
}

function parseInfo(view: DataView): TLinkMachineInfo {
  return ZLinkMachineInfo.parse(JSON.parse(new TextDecoder().decode(bytesOf(view))));
}

/**
 * Connects to a machine chosen in the system's chooser (docs/local-link.md, "Later parts" as built):
 * the GATT server, our service, its three characteristics; reads the info (the frame size) before
 * the first write, starts the notifications, and puts a `LinkClient` on top — the same framing and
 * requests as everywhere. GATT operations go one at a time (Chrome refuses a second one while one is
 * under way). `onDrop` is told once when the connection ends, whoever ended it.
 */
export async function openGattLink(
  device: TBluetoothDevice,
  onDrop: () => void,
): Promise<{ link: TGattLink; info: TLinkMachineInfo }> {
  const gatt = device.gatt;
  if (!gatt) throw new DOMException('The machine offers no GATT server', 'NetworkError');
  const server = await gatt.connect();
  const service = await server.getPrimaryService(LOCAL_LINK_SERVICE_UUID);
  const infoCharacteristic = await service.getCharacteristic(LOCAL_LINK_INFO_UUID);
  const request = await service.getCharacteristic(LOCAL_LINK_REQUEST_UUID);
  const notify = await service.getCharacteristic(LOCAL_LINK_NOTIFY_UUID);
  const info = parseInfo(await infoCharacteristic.readValue());

  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(operation: () => Promise<T>): Promise<T> => {
    const next = queue.then(operation, operation);
    queue = next.catch(() => undefined);
    return next;
  };
  const client = new LinkClient({
    frameSize: info.frameSize,
    write: (frame) => oneAtATime(() => request.writeValueWithoutResponse(frame as Uint8Array<ArrayBuffer>)),
  });
  const onValue = (event: Event) => {
    const value = (event.target as TGattCharacteristic).value;
    if (value) client.receive(bytesOf(value));
  };
  let dropped = false;
  const drop = () => {
    if (dropped) return;
    dropped = true;
    notify.removeEventListener('characteristicvaluechanged', onValue);
    device.removeEventListener('gattserverdisconnected', drop);
    client.close();
    onDrop();
  };
  notify.addEventListener('characteristicvaluechanged', onValue);
  device.addEventListener('gattserverdisconnected', drop);
  try {
    await notify.startNotifications();
  } catch (error) {
    drop();
    server.disconnect();
    throw error;
  }
  return {
    info,
    link: {
      client,
      readInfo: () => oneAtATime(() => infoCharacteristic.readValue()).then(parseInfo),
      close: () => {
        drop();
        server.disconnect();
      },
    },
  };
}
