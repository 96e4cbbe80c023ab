// Plain values and rules: safe for the browser bundle (no zod).
export * from './api/headers';
export * from './api/oauth';
export * from './account/roles';
export * from './appliance/gamma';
export * from './device/cycles';
export * from './device/system-state';
export * from './device/protocol';
export * from './device/live';
export * from './device/parameters';
export * from './device/alarms';
export * from './device/units';
export * from './device/hygiene';
export * from './device/appliance.rules';
export * from './brand/brands';
export * from './i18n/index';
export * from './i18n/device/index';
export * from './legal/index';
// zod schemas: server, simulator and forms.
export * from './api/error.schema';
export * from './account/roles.schema';
export * from './appliance/gamma.schema';
export * from './brand/brand.schema';
export * from './config/runtime-config.schema';
export * from './account/account.rules';
export * from './account/account.schema';
export * from './device/protocol.schema';
export * from './device/appliance.schema';
