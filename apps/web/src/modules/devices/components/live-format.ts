import {
  formatFlowRate,
  formatTemperature,
  formatVolume,
  isLanguage,
  TELEMETRY_FIELDS,
  type TLiveField,
  type TLiveTelemetry,
} from '@washboard/contracts';

/** A live value as shown (metric: the machine's raw value as °C, l, l/h by its unit); undefined when not received. */
export function formatLiveValue(
  field: TLiveField,
  telemetry: TLiveTelemetry | null | undefined,
  language: string,
): string | undefined {
  const raw = telemetry?.[field];
  if (raw == null) return undefined;
  const lang = isLanguage(language) ? language : undefined;
  const { unit, scale } = TELEMETRY_FIELDS[field];
  switch (unit) {
    case 'temperature':
      return formatTemperature(raw, 'metric', { lang, scale });
    case 'flowRate':
      return formatFlowRate(raw, { lang, scale });
    case 'volume':
      return formatVolume(raw, 'litre', { lang, scale });
  }
}
