export * from './revealed-rows';
export * from './revealed-rows-of-seqs';
