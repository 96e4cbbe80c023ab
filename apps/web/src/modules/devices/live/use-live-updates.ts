import { useEffect } from 'react';
import { matchQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TAlarmView, TApplianceDetail, TLastTelemetry, TLiveMessage } from '@washboard/contracts';
import { deviceKeys } from '../hooks/device-keys';
import type { TDeviceListPages } from '../hooks/device-list-pages';
import { detailKeys } from '../hooks/use-device-details';
import { detailWith, lastTelemetryWith, listWith, startsOtherCycle, versionsEndUpdate } from './device-pushes';
import { liveChannel } from './live-channel';
import { mergeAlarm, rememberPushedAlarm } from './pushed-alarms';
import { rememberPushedTelemetry } from './pushed-telemetry';
import { watchShownMachines } from './shown-machines';
import { pushLog } from './push-log';

/** The device data pushes write into (the second part of their query keys). */
const LIVE_DATA = new Set<unknown>(
  [deviceKeys.lists, deviceKeys.lastTelemetry(''), deviceKeys.detail(''), detailKeys.alarms('')].map((key) => key[1]),
);

type TMachineMessage = Extract<TLiveMessage, { serialNumber: string }>;

/** Writes `message` into every loaded page of every device list, the machine's lastTelemetry and its details. */
function apply(client: QueryClient, message: TMachineMessage): void {
  const { serialNumber } = message;
  client.setQueriesData<TDeviceListPages>({ queryKey: deviceKeys.lists }, (list) => list && listWith(list, message));
  client.setQueryData<TLastTelemetry>(deviceKeys.lastTelemetry(serialNumber), (last) => last && lastTelemetryWith(last, message));
  client.setQueryData<TApplianceDetail>(deviceKeys.detail(serialNumber), (detail) => detail && detailWith(detail, message));
}

function applyMachineMessage(client: QueryClient, message: TMachineMessage): void {
  if (message.type === 'telemetry') rememberPushedTelemetry(message.serialNumber, message.telemetry);
  if (message.type === 'alarm') {
    // Into the register, and remembered for a register read that the push overtook (pushed-alarms.ts).
    rememberPushedAlarm(message.serialNumber, message.alarm);
    client.setQueryData<TAlarmView[]>(
      detailKeys.alarms(message.serialNumber),
      (register) => register && mergeAlarm(register, message.alarm),
    );
    return;
  }
  if (versionsEndUpdate(client.getQueryData<TApplianceDetail>(deviceKeys.detail(message.serialNumber)), message)) {
    // The lists and the live values do not know which version was being installed: told as progress.
    const ended = { type: 'fotaStatus', serialNumber: message.serialNumber, perc: 100, inProg: false } as const;
    pushLog.add(ended);
    apply(client, ended);
  }
  const cycleStarted = startsOtherCycle(
    client.getQueryData<TLastTelemetry>(deviceKeys.lastTelemetry(message.serialNumber)),
    message,
  );
  apply(client, message);
  if (cycleStarted) void client.invalidateQueries({ queryKey: deviceKeys.lastTelemetry(message.serialNumber) });
}

/**
 * A device list's load (a page more, or every loaded page again) writes back at its end the pages
 * as they were when it began, with its answers: the pushes that came meanwhile are laid over the
 * whole list once it is written (the pages' own reads replay only over their own answers).
 */
export function replayOverLists(client: QueryClient): () => void {
  const marks = new Map<string, number>();
  return client.getQueryCache().subscribe((event) => {
    const { query } = event;
    if (event.type !== 'updated' || !matchQuery({ queryKey: deviceKeys.lists }, query)) return;
    const { action } = event;
    if (action.type === 'fetch') {
      if (!marks.has(query.queryHash)) marks.set(query.queryHash, pushLog.mark());
    } else if (action.type === 'error') marks.delete(query.queryHash);
    else if (action.type === 'success' && !action.manual) {
      const mark = marks.get(query.queryHash);
      marks.delete(query.queryHash);
      const pushes = mark === undefined ? [] : pushLog.since(mark);
      if (pushes.length > 0) {
        client.setQueryData<TDeviceListPages>(query.queryKey, (list) => list && pushes.reduce(listWith, list));
      }
    }
  });
}

/**
 * Keeps the device data of the react-query cache live: status, telemetry and firmware pushes are
 * written into the loaded pages of the list, the machine's lastTelemetry entry and its details
 * (device-pushes.ts); alarms into its alarm register; a changed set of machines reloads the list
 * from its first page; the server sends the values of the machines the screens show
 * (shown-machines.ts). Each time the channel is ready (opened, or reopened after a drop)
 * everything is reloaded, since pushes sent before it were not received; the server pushes a change
 * once stored, and the reads lay over their answers the pushes that overtook them (push-log.ts).
 * Mounted once, in the signed-in shell.
 */
export function useLiveUpdates(): void {
  const client = useQueryClient();
  useEffect(() => {
    const stopReady = liveChannel.onReady((resumed) => {
      // At the first ready, what pushes keep live; after a drop, everything (a chart may miss a cycle too).
      void client.invalidateQueries({
        queryKey: deviceKeys.all,
        predicate: resumed ? undefined : (q) => LIVE_DATA.has(q.queryKey[1]),
      });
    });
    const stopLists = replayOverLists(client);
    const stopWatching = watchShownMachines(client);
    const stopMessages = liveChannel.subscribe((message) => {
      if (message.type === 'appliances') void client.invalidateQueries({ queryKey: deviceKeys.lists });
      else if ('serialNumber' in message) applyMachineMessage(client, message);
    });
    return () => {
      stopMessages();
      stopWatching();
      stopLists();
      stopReady();
    };
  }, [client]);
}
