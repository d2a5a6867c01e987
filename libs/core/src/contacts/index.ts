export * from './company-import';
export * from './contact-csv-columns';
export * from './contact-csv-header';
export * from './contact-import-row';
export * from './contact-row-of-synthetic';
export * from './folded-companies';
export * from './normalize-company-domain';
export * from './normalize-contact-row';
