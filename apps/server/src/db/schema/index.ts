export * from './auth';
export * from './companies';
export * from './mail';
export * from './settings';
export * from './users';
export * from './appliances';
export * from './dead-letters';
export * from './audit';
