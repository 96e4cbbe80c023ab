export * from './legal-texts';
