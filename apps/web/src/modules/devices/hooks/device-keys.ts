import type { TDeviceListQuery } from '../api/devices-api';

/** Query keys of the device data; the push channel writes into the same entries. */
export const deviceKeys = {
  all: ['devices'] as const,
  lists: ['devices', 'list'] as const,
  list: (query: TDeviceListQuery) => ['devices', 'list', query] as const,
  lastTelemetry: (serialNumber: string) => ['devices', 'lastTelemetry', serialNumber] as const,
  detail: (serialNumber: string) => ['devices', 'detail', serialNumber] as const,
};
