export * from './company-derivations';
export * from './normalize-filters';
export * from './text-matching';
export * from './mask-lead';
export * from './synthetic';
export * from './query';
export * from './reveals';
export * from './snapshot';
