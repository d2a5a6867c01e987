export * from './enrichment-fields';
export * from './enrichment-cost';
export * from './enrichment-columns';
export * from './free-mail-domains';
export * from './enrichment-row';
export * from './enrichment-progress';
