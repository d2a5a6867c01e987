export * from './company-store';
export * from './company-descriptions';
