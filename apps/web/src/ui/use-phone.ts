import { useMediaQuery } from '@mantine/hooks';

/** Phone width (below Mantine's `sm`, 48 em): tables become cards, filters move into a drawer. */
export const PHONE_QUERY = '(max-width: 48em)';

/** Whether the window is phone-wide now; right from the first render, so a phone never draws the desk layout first. */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, window.matchMedia(PHONE_QUERY).matches, { getInitialValueInEffect: false });
}
