export * from './companies';
export * from './settings';
export * from './users';
