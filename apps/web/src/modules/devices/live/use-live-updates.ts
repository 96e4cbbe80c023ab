import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  cycleProgressPercent,
  type TApplianceDetail,
  type TApplianceSummary,
  type TLastTelemetry,
  type TLiveMessage,
} from '@washboard/contracts';
import { deviceKeys } from '../hooks/device-keys';
import { liveChannel } from './live-channel';

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
    lastSeenAt: message.online ? message.ts : status.lastSeenAt,
  };
}

function withProgress(last: TLastTelemetry): TLastTelemetry {
  const telemetry = last.telemetry;
  return {
    ...last,
    cycleProgress: cycleProgressPercent(last.status.systemState, telemetry?.cycleTimeProgress, telemetry?.cycleTimeDuration),
  };
}

function applyStatus(client: QueryClient, message: TStatusMessage): void {
  const { serialNumber } = message;
  client.setQueriesData<TApplianceSummary[]>({ queryKey: deviceKeys.lists }, (list) =>
    list?.map((item) => (item.serialNumber === serialNumber ? { ...item, status: nextStatus(item.status, message) } : item)),
  );
  client.setQueryData<TLastTelemetry>(deviceKeys.lastTelemetry(serialNumber), (last) =>
    last ? withProgress({ ...last, status: nextStatus(last.status, message) }) : last,
  );
  client.setQueryData<TApplianceDetail>(deviceKeys.detail(serialNumber), (detail) =>
    detail ? { ...detail, status: nextStatus(detail.status, message) } : detail,
  );
}

function applyTelemetry(client: QueryClient, message: TTelemetryMessage): void {
  const { serialNumber, telemetry } = message;
  client.setQueriesData<TApplianceSummary[]>({ queryKey: deviceKeys.lists }, (list) =>
    list?.map((item) =>
      item.serialNumber === serialNumber ? { ...item, telemetry: { ...item.telemetry, ...telemetry } } : item,
    ),
  );
  client.setQueryData<TLastTelemetry>(deviceKeys.lastTelemetry(serialNumber), (last) =>
    last ? withProgress({ ...last, telemetry: { ...last.telemetry, ...telemetry } }) : last,
  );
}

/**
 * Keeps the device data of the react-query cache live: status and telemetry pushes are written into
 * the list and into the machine's lastTelemetry entry; a changed set of machines reloads the list;
 * after a reconnect everything is reloaded, since pushes may have been missed. Mounted once, in the
 * signed-in shell.
 */
export function useLiveUpdates(): void {
  const client = useQueryClient();
  useEffect(() => {
    const stopReady = liveChannel.onReady((resumed) => {
      if (resumed) void client.invalidateQueries({ queryKey: deviceKeys.all });
    });
    const stopMessages = liveChannel.subscribe((message) => {
      if (message.type === 'status') applyStatus(client, message);
      else if (message.type === 'telemetry') applyTelemetry(client, message);
      else if (message.type === 'appliances') void client.invalidateQueries({ queryKey: deviceKeys.lists });
    });
    return () => {
      stopMessages();
      stopReady();
    };
  }, [client]);
}
