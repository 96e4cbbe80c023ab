/** The four ranges (the spec's "gamma"); `ge` is G-EVO. */
export const GAMMAS = ['infinity', 'hiline', 'prime', 'ge'] as const;
export type TGamma = (typeof GAMMAS)[number];
