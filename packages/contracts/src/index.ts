// Plain values and rules: safe for the browser bundle (no zod).
export * from './api/headers';
export * from './account/roles';
export * from './appliance/gamma';
export * from './brand/brands';
export * from './i18n/index';
export * from './legal/index';
// zod schemas: server, simulator and forms.
export * from './api/error.schema';
export * from './account/roles.schema';
export * from './appliance/gamma.schema';
export * from './brand/brand.schema';
export * from './config/runtime-config.schema';
export * from './account/account.rules';
export * from './account/account.schema';
