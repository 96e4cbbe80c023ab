import type {
  TClaimingCode,
  TCommandResult,
  TDeviceAlarm,
  TDeviceInfo,
  TDeviceStats,
  TDeviceStatus,
  TDeviceTopic,
  TFotaStatus,
  THaccpEvent,
  TParameterSet,
  TTelemetry,
  TVersions,
} from '@washboard/contracts';

/** One message a machine sends, below `wb/v1/{serial}/`, typed by its topic. */
export type TDeviceMessage =
  | { topic: 'status'; payload: TDeviceStatus }
  | { topic: 'telemetry'; payload: TTelemetry }
  | { topic: 'event'; payload: THaccpEvent }
  | { topic: 'alarm'; payload: TDeviceAlarm }
  | { topic: 'fota'; payload: TFotaStatus }
  | { topic: 'versions'; payload: TVersions }
  | { topic: 'params'; payload: TParameterSet }
  | { topic: 'stats'; payload: TDeviceStats }
  | { topic: 'claiming-code'; payload: TClaimingCode }
  | { topic: 'cmd/result'; payload: TCommandResult }
  | { topic: 'info'; payload: TDeviceInfo };

/**
 * How a topic travels (DESIGN.md §4). `keep` says what the outbox holds while the machine is
 * offline: every record (HACCP events, alarms, command results — each carries its id, so a replay
 * stores nothing twice), only the newest state for retained-style topics, or nothing for live data.
 */
export type TDelivery = { qos: 0 | 1; retain: boolean; keep: 'all' | 'latest' | 'none' };

export const DELIVERY: Readonly<Record<TDeviceTopic, TDelivery>> = {
  status: { qos: 1, retain: true, keep: 'latest' },
  telemetry: { qos: 0, retain: false, keep: 'none' },
  event: { qos: 1, retain: false, keep: 'all' },
  alarm: { qos: 1, retain: false, keep: 'all' },
  fota: { qos: 1, retain: false, keep: 'latest' },
  versions: { qos: 1, retain: true, keep: 'latest' },
  params: { qos: 1, retain: true, keep: 'latest' },
  stats: { qos: 1, retain: true, keep: 'latest' },
  'claiming-code': { qos: 1, retain: false, keep: 'latest' },
  'cmd/result': { qos: 1, retain: false, keep: 'all' },
  info: { qos: 1, retain: true, keep: 'latest' },
};
