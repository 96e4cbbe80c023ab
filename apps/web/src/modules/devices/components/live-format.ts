import {
  formatFlowRate,
  formatTemperature,
  formatVolume,
  isLanguage,
  TELEMETRY_FIELDS,
  type TLiveField,
  type TLiveTelemetry,
  type TUnitSystemOption,
} from '@washboard/contracts';

/**
 * A live value as shown in the machine's units (`displayUnits` of its unit system and range: °C or °F,
 * litres or US gallons; l/h in both); undefined when not received.
 */
export function formatLiveValue(
  field: TLiveField,
  telemetry: TLiveTelemetry | null | undefined,
  language: string,
  units: TUnitSystemOption,
): string | undefined {
  const raw = telemetry?.[field];
  if (raw == null) return undefined;
  const lang = isLanguage(language) ? language : undefined;
  const { unit, scale } = TELEMETRY_FIELDS[field];
  switch (unit) {
    case 'temperature':
      return formatTemperature(raw, units.system, { lang, scale });
    case 'flowRate':
      return formatFlowRate(raw, { lang, scale });
    case 'volume':
      return formatVolume(raw, units.volume, { lang, scale });
  }
}
