import type { en } from './en';

/** Recursively turns every string leaf of a catalogue into `string`, keeping the key structure. */
export type Widen<T> = T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> };

/** The shape every language catalogue must have: exactly the keys of the English one. */
export type TCatalogue = Widen<typeof en>;
