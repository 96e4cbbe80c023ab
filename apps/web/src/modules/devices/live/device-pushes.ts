import {
  firmwareUpdating,
  runningSetpoints,
  type TApplianceDetail,
  type TApplianceListPage,
  type TApplianceSummary,
  type TLastTelemetry,
  type TLiveMessage,
} from '@washboard/contracts';
import { updateListedDevice, type TDeviceListPages } from '../hooks/device-list-pages';
import { withProgress } from './pushed-telemetry';

/**
 * What each push changes in the device data the browser holds, as pure functions of the held value
 * and the message: used for the query cache as pushes come (use-live-updates.ts) and for answers a
 * push overtook (push-log.ts). A message about another machine, or of a kind the data does not
 * show, leaves it as it is.
 */

type TStatus = TApplianceSummary['status'];
type TStatusMessage = Extract<TLiveMessage, { type: 'status' }>;

function nextStatus(status: TStatus, message: TStatusMessage): TStatus {
  return {
    ...status,
    online: message.online,
    systemState: message.systemState,
    cycleType: message.cycleType,
    cycleNumber: message.cycleNumber,
    // The setpoints are the running cycle's: another cycle's, or none, are not known until read again.
    // A list row has none to keep.
    ...(status.setpoints === undefined
      ? {}
      : { setpoints: message.cycleType !== null && message.cycleType === status.cycleType ? status.setpoints : null }),
    // The server's status messages carry when the machine was last heard (for "offline since").
    lastSeenAt: message.ts,
  };
}

const about = (message: TLiveMessage, serialNumber: string) => 'serialNumber' in message && message.serialNumber === serialNumber;

/** A machine of the device list: its status, live values and whether it is updating its firmware. */
export function summaryWith(item: TApplianceSummary, message: TLiveMessage): TApplianceSummary {
  if (!about(message, item.serialNumber)) return item;
  if (message.type === 'status') return { ...item, status: nextStatus(item.status, message) };
  if (message.type === 'telemetry') return { ...item, telemetry: { ...item.telemetry, ...message.telemetry } };
  if (message.type === 'fotaStatus') return { ...item, status: { ...item.status, updating: firmwareUpdating(message) } };
  return item;
}

/** A page of the device list, each machine on it brought up to date. */
export function pageWith(page: TApplianceListPage, message: TLiveMessage): TApplianceListPage {
  if (!('serialNumber' in message) || !page.items.some((item) => item.serialNumber === message.serialNumber)) return page;
  return { ...page, items: page.items.map((item) => summaryWith(item, message)) };
}

/** The device list as the cache holds it (every loaded page), brought up to date; the same list if nothing changed. */
export function listWith(list: TDeviceListPages, message: TLiveMessage): TDeviceListPages {
  if (!('serialNumber' in message)) return list;
  return updateListedDevice(list, message.serialNumber, (item) => summaryWith(item, message)) ?? list;
}

/** A machine's live values and status, with the cycle progress they make. */
export function lastTelemetryWith(last: TLastTelemetry, message: TLiveMessage): TLastTelemetry {
  if (!about(message, last.serialNumber)) return last;
  if (message.type === 'status') return withProgress({ ...last, status: nextStatus(last.status, message) });
  if (message.type === 'telemetry') return withProgress({ ...last, telemetry: { ...last.telemetry, ...message.telemetry } });
  if (message.type === 'fotaStatus') return { ...last, status: { ...last.status, updating: firmwareUpdating(message) } };
  return last;
}

/**
 * A machine's live values after it accepted new parameter `values`: a changed setpoint of the
 * running cycle shows at once (nothing pushes the machine's parameters).
 */
export function lastTelemetryWithParameters(last: TLastTelemetry, values: Readonly<Record<string, number>>): TLastTelemetry {
  const { setpoints, cycleType } = last.status;
  const changed = runningSetpoints(cycleType, values);
  if (!setpoints || !changed || Object.keys(changed).length === 0) return last;
  return { ...last, status: { ...last.status, setpoints: { ...setpoints, ...changed } } };
}

/**
 * Whether a status push starts a cycle other than the one `last` shows running: its setpoints are
 * then read again (the push does not carry them; they are the cycle's parameters).
 */
export function startsOtherCycle(last: TLastTelemetry | undefined, message: TLiveMessage): boolean {
  return (
    last !== undefined &&
    message.type === 'status' &&
    message.serialNumber === last.serialNumber &&
    message.cycleType !== null &&
    message.cycleType !== last.status.cycleType
  );
}

/** Whether new `versions` end the firmware update `detail` shows running: it installed that version. */
export function versionsEndUpdate(detail: TApplianceDetail | undefined, message: TLiveMessage): boolean {
  return message.type === 'versions' && detail?.fota?.inProg === true && detail.fota.version === message.versions.fw00;
}

/**
 * A machine's details: status, firmware progress (running the version an update installed ends it,
 * as the server stores it) and versions.
 */
export function detailWith(detail: TApplianceDetail, message: TLiveMessage): TApplianceDetail {
  if (!about(message, detail.serialNumber)) return detail;
  if (message.type === 'status') return { ...detail, status: nextStatus(detail.status, message) };
  if (message.type === 'fotaStatus') {
    const { perc, inProg } = message;
    return {
      ...detail,
      status: { ...detail.status, updating: firmwareUpdating(message) },
      fota: { ...detail.fota, perc, inProg },
    };
  }
  if (message.type === 'versions') {
    const { versions } = message;
    const held = { ...detail, versions, fw00: versions.fw00, fw02: versions.fw02 };
    if (!versionsEndUpdate(detail, message)) return held;
    return detailWith(held, { type: 'fotaStatus', serialNumber: detail.serialNumber, perc: 100, inProg: false });
  }
  return detail;
}
