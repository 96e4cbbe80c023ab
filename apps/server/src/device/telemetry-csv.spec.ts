import { describe, expect, it } from 'vitest';
import { displayUnits } from '@washboard/contracts';
import { telemetryCsvHeader, telemetryCsvRows } from './telemetry-csv';

const fields = ['boilerTmp', 'boilerVlm', 'rinseWaterFlowRate'] as const;
const row = { ts: new Date('2026-12-06T10:00:00Z'), values: { boilerTmp: 850, boilerVlm: 120, rinseWaterFlowRate: 1000 } };

describe('a telemetry export in the machine’s units', () => {
  it('writes °F and US gallons for an imperial machine', () => {
    const units = displayUnits('imperial', 'infinity');
    expect(telemetryCsvHeader(fields, units)).toBe('time,boiler_tmp_f,boiler_vlm_gal,rinse_water_flow_rate_gal_per_h\r\n');
    // 85 °C = 185 °F, 12 l = 3.17 gal, 100 l/h = 26.42 gal/h.
    expect(telemetryCsvRows([row], fields, units)).toBe('2026-12-06T10:00:00.000Z,185,3.17,26.42\r\n');
  });

  it('keeps litres on a Hiline set to °F: its unit system changes temperatures only', () => {
    const units = displayUnits('imperial', 'hiline');
    expect(telemetryCsvHeader(fields, units)).toBe('time,boiler_tmp_f,boiler_vlm_l,rinse_water_flow_rate_l_per_h\r\n');
    expect(telemetryCsvRows([row], fields, units)).toBe('2026-12-06T10:00:00.000Z,185,12,100\r\n');
  });
});
