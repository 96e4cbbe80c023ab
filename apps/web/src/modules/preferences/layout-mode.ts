import { useLocalStorage } from '@mantine/hooks';

export const LAYOUT_MODES = ['overlay', 'static', 'slim', 'horizontal'] as const;
export type TLayoutMode = (typeof LAYOUT_MODES)[number];

/** The menu layout, remembered per browser; overlay by default. */
export function useLayoutMode() {
  return useLocalStorage<TLayoutMode>({
    key: 'wb.layoutMode',
    defaultValue: 'overlay',
    getInitialValueInEffect: false,
    deserialize: (value) => LAYOUT_MODES.find((m) => m === value) ?? 'overlay',
    serialize: (value) => value,
  });
}
