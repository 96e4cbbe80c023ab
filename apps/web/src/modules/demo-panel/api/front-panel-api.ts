import type { TFrontPanel, TPanelMachine, TPanelPress } from '@washboard/contracts';
import { apiFetch } from '../../api/api-client';

const BASE = '/api/v1/demo/machines';

/** The demo's virtual machines (demo mode, from the computer running it: elsewhere a 404). */
export function fetchPanelMachines(): Promise<TPanelMachine[]> {
  return apiFetch<TPanelMachine[]>(BASE, { background: true });
}

/** What one machine's front panel shows now. */
export function fetchFrontPanel(serialNumber: string): Promise<TFrontPanel> {
  return apiFetch<TFrontPanel>(`${BASE}/${encodeURIComponent(serialNumber)}`, { background: true });
}

/** Presses a button; answers the panel after it. */
export function pressPanelButton(serialNumber: string, press: TPanelPress): Promise<TFrontPanel> {
  return apiFetch<TFrontPanel>(`${BASE}/${encodeURIComponent(serialNumber)}/press`, {
    method: 'POST',
    body: JSON.stringify(press),
  });
}
