import type { TGamma } from '../appliance/gamma';

/** A product's rating power (Add Products). */
export const RATING_POWERS = ['M2', 'M3', 'M4', 'E3'] as const;

/** The device list's connectivity filter (docs/device-list.md). */
export const APPLIANCE_CONNECTIVITY_FILTERS = ['bluetooth', 'wifi', 'all', 'offline'] as const;
export type TApplianceConnectivityFilter = (typeof APPLIANCE_CONNECTIVITY_FILTERS)[number];
/** How the cloud reaches a machine (docs/device-list.md): `bluetooth` = never connected to the cloud. */
export const APPLIANCE_CONNECTIVITIES = ['wifi', 'bluetooth'] as const;

/** An appliance name (rename, claim): trimmed, 1 to 60 characters. */
export const APPLIANCE_NAME_MAX_LENGTH = 60;

/** The error of a proposed appliance name, or null when it is valid (the same rule as `ZApplianceName`). */
export function applianceNameProblem(name: string): 'required' | 'tooLong' | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'required';
  if (trimmed.length > APPLIANCE_NAME_MAX_LENGTH) return 'tooLong';
  return null;
}

/**
 * The documents of a machine, served per model number as `/api/v1/appliance/documents/{model}/{file}`
 * (device-areas §2): the electric schema and user manual everywhere, and in the companion also the
 * technical manual, wiring diagram, exploded view and spare parts list.
 */
export const APPLIANCE_DOCUMENTS = {
  electricSchema: 'electric-schema.pdf',
  userManual: 'user-manual.pdf',
  technicalManual: 'technical-manual.pdf',
  wiringDiagram: 'wiring-diagram.pdf',
  explodedDiagram: 'exploded-view.pdf',
  spareParts: 'spare-parts.pdf',
} as const;
export type TApplianceDocumentType = keyof typeof APPLIANCE_DOCUMENTS;
export type TApplianceDocumentFile = (typeof APPLIANCE_DOCUMENTS)[TApplianceDocumentType];
export const APPLIANCE_DOCUMENT_TYPES = Object.keys(APPLIANCE_DOCUMENTS) as TApplianceDocumentType[];
/** The documents the dashboard lists (§2); the companion lists every one. */
export const DASHBOARD_DOCUMENT_TYPES: readonly TApplianceDocumentType[] = ['electricSchema', 'userManual'];

/** The type of a document file name, or undefined for a name that is none of them. */
export function applianceDocumentType(file: string): TApplianceDocumentType | undefined {
  return APPLIANCE_DOCUMENT_TYPES.find((type) => APPLIANCE_DOCUMENTS[type] === file);
}

/** The path of a model's document (the model number is URL-encoded). */
export function applianceDocumentPath(modelNumber: string, type: TApplianceDocumentType): string {
  return `/api/v1/appliance/documents/${encodeURIComponent(modelNumber)}/${APPLIANCE_DOCUMENTS[type]}`;
}

/**
 * The FW00 firmware the cloud offers to each range (our call: the spec names no release source).
 * Every version a machine ships with (the simulator's `SHIPPED_VERSIONS`) is older, so a machine
 * is offered exactly one update and is up to date after it.
 */
export const LATEST_FIRMWARE: Readonly<Record<TGamma, string>> = {
  infinity: '3.3.0',
  hiline: '2.2.0',
  prime: '2.7.0',
  ge: '4.2.0',
};

function versionParts(version: string): number[] {
  return (version.match(/\d+/g) ?? []).map(Number);
}

/** True when `candidate` is a later version than `installed` ("3.10.0" > "3.9.2"; non-digits are ignored). */
export function isNewerVersion(candidate: string, installed: string): boolean {
  const a = versionParts(candidate);
  const b = versionParts(installed);
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y;
  }
  return false;
}

/**
 * Whether a machine waits to be installed (the companion's "Install machine"): it is online and its
 * retained `info` reports no installation. A machine that never sent `info` is not offered it: what
 * it holds is unknown.
 */
export function awaitsInstall(machine: { status: { online: boolean }; info: { installation: unknown } | null }): boolean {
  return machine.status.online && machine.info !== null && machine.info.installation === null;
}
