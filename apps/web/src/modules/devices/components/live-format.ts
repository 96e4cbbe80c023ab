import {
  formatFlowRate,
  formatTemperature,
  formatVolume,
  isLanguage,
  VOLUME_SCALE,
  type TLiveField,
  type TLiveTelemetry,
} from '@washboard/contracts';

/** The catalogue text (`device.live.*`) naming each live field. */
export const LIVE_FIELD_LABELS = {
  boilerTmp: 'boilerTemperature',
  tankTmp: 'tankTemperature',
  waterTmp: 'inletWaterTemperature',
  boilerVlm: 'boilerVolume',
  tankVlm: 'tankVolume',
  rinseWaterVlm: 'breakTankVolume',
  rinseWaterFlowRate: 'rinseFlowRate',
} as const satisfies Record<TLiveField, string>;

/** A live value as shown (metric: the machine's tenths as °C, l, l/h); undefined when not received. */
export function formatLiveValue(
  field: TLiveField,
  telemetry: TLiveTelemetry | null | undefined,
  language: string,
): string | undefined {
  const raw = telemetry?.[field];
  if (raw == null) return undefined;
  const lang = isLanguage(language) ? language : undefined;
  switch (field) {
    case 'boilerTmp':
    case 'tankTmp':
    case 'waterTmp':
      return formatTemperature(raw, 'metric', { lang });
    case 'rinseWaterFlowRate':
      return formatFlowRate(raw, { lang });
    default:
      return formatVolume(raw, 'litre', { lang, scale: VOLUME_SCALE });
  }
}
