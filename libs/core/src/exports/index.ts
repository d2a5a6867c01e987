export * from './neutralize-formula';
export * from './export-filename';
export * from './plan-export';
export * from './csv-line-ends';
export * from './export-request-text';
