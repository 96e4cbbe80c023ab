import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  firmwareUpdating,
  type TAlarmView,
  type TApplianceDetail,
  type TApplianceSummary,
  type TLastTelemetry,
  type TLiveMessage,
} from '@washboard/contracts';
import { deviceKeys } from '../hooks/device-keys';
import { updateListedDevice, type TDeviceListPages } from '../hooks/device-list-pages';
import { detailKeys } from '../hooks/use-device-details';
import { liveChannel } from './live-channel';
import { mergeAlarm, rememberPushedAlarm } from './pushed-alarms';
import { rememberPushedTelemetry, withProgress } from './pushed-telemetry';

type TStatusMessage = Extract<TLiveMessage, { type: 'status' }>;
type TTelemetryMessage = Extract<TLiveMessage, { type: 'telemetry' }>;
type TStatus = TApplianceSummary['status'];

function nextStatus(status: TStatus, message: TStatusMessage): TStatus {
  return {
    ...status,
    online: message.online,
    systemState: message.systemState,
    cycleType: message.cycleType,
    cycleNumber: message.cycleNumber,
    // The server's status messages carry when the machine was last heard (for "offline since").
    lastSeenAt: message.ts,
  };
}

/** Applies `update` to the machine on every loaded page of every device list (all filters) showing it. */
function updateLists(client: QueryClient, serialNumber: string, update: (item: TApplianceSummary) => TApplianceSummary): void {
  client.setQueriesData<TDeviceListPages>({ queryKey: deviceKeys.lists }, (list) =>
    updateListedDevice(list, serialNumber, update),
  );
}

function applyStatus(client: QueryClient, message: TStatusMessage): void {
  const { serialNumber } = message;
  updateLists(client, serialNumber, (item) => ({ ...item, status: nextStatus(item.status, message) }));
  client.setQueryData<TLastTelemetry>(deviceKeys.lastTelemetry(serialNumber), (last) =>
    last ? withProgress({ ...last, status: nextStatus(last.status, message) }) : last,
  );
  client.setQueryData<TApplianceDetail>(deviceKeys.detail(serialNumber), (detail) =>
    detail ? { ...detail, status: nextStatus(detail.status, message) } : detail,
  );
}

function applyTelemetry(client: QueryClient, message: TTelemetryMessage): void {
  const { serialNumber, telemetry } = message;
  rememberPushedTelemetry(serialNumber, telemetry);
  updateLists(client, serialNumber, (item) => ({ ...item, telemetry: { ...item.telemetry, ...telemetry } }));
  client.setQueryData<TLastTelemetry>(deviceKeys.lastTelemetry(serialNumber), (last) =>
    last ? withProgress({ ...last, telemetry: { ...last.telemetry, ...telemetry } }) : last,
  );
}

/** Firmware progress: into the details, and the machine shown as UPDATING (or not) everywhere. */
function applyFota(client: QueryClient, { serialNumber, perc, inProg }: Extract<TLiveMessage, { type: 'fotaStatus' }>): void {
  const updating = firmwareUpdating({ perc, inProg });
  updateLists(client, serialNumber, (item) => ({ ...item, status: { ...item.status, updating } }));
  client.setQueryData<TLastTelemetry>(deviceKeys.lastTelemetry(serialNumber), (last) =>
    last ? { ...last, status: { ...last.status, updating } } : last,
  );
  client.setQueryData<TApplianceDetail>(deviceKeys.detail(serialNumber), (detail) =>
    detail ? { ...detail, status: { ...detail.status, updating }, fota: { ...detail.fota, perc, inProg } } : detail,
  );
}

/**
 * An alarm opened, closed, acknowledged or assigned: written into the register, and remembered for
 * a register read that the push overtook (pushed-alarms.ts).
 */
function applyAlarm(client: QueryClient, { serialNumber, alarm }: Extract<TLiveMessage, { type: 'alarm' }>): void {
  rememberPushedAlarm(serialNumber, alarm);
  client.setQueryData<TAlarmView[]>(detailKeys.alarms(serialNumber), (register) => register && mergeAlarm(register, alarm));
}

/** New versions; running the firmware an update was installing ends that update (as the server stores it). */
function applyVersions(client: QueryClient, { serialNumber, versions }: Extract<TLiveMessage, { type: 'versions' }>): void {
  const detail = client.getQueryData<TApplianceDetail>(deviceKeys.detail(serialNumber));
  client.setQueryData<TApplianceDetail>(deviceKeys.detail(serialNumber), (held) =>
    held ? { ...held, versions, fw00: versions.fw00, fw02: versions.fw02 } : held,
  );
  const fota = detail?.fota;
  if (fota?.inProg && fota.version === versions.fw00) {
    applyFota(client, { type: 'fotaStatus', serialNumber, perc: 100, inProg: false });
  }
}

/**
 * Keeps the device data of the react-query cache live: status and telemetry pushes are written into
 * the loaded pages of the list and into the machine's lastTelemetry entry; firmware progress and
 * versions into its details; alarms into its alarm register; a changed set of machines reloads the
 * list from its first page; after a reconnect everything is reloaded, since pushes may have been
 * missed. Mounted once, in the signed-in shell.
 */
export function useLiveUpdates(): void {
  const client = useQueryClient();
  useEffect(() => {
    // Refetching on the first ready too (pushes sent before it never reach the tab) was tried and
    // not kept: a refetch answering after a push it overtook undid that push (a firmware update's
    // end, in CI) for status and firmware progress, which have no remembered-push overlay.
    const stopReady = liveChannel.onReady((resumed) => {
      if (resumed) void client.invalidateQueries({ queryKey: deviceKeys.all });
    });
    const stopMessages = liveChannel.subscribe((message) => {
      if (message.type === 'status') applyStatus(client, message);
      else if (message.type === 'telemetry') applyTelemetry(client, message);
      else if (message.type === 'appliances') void client.invalidateQueries({ queryKey: deviceKeys.lists });
      else if (message.type === 'fotaStatus') applyFota(client, message);
      else if (message.type === 'versions') applyVersions(client, message);
      else if (message.type === 'alarm') applyAlarm(client, message);
    });
    return () => {
      stopMessages();
      stopReady();
    };
  }, [client]);
}
