export * from './lead-table';
export * from './lead-query';
export * from './scan-leads';
export * from './count-leads';
export * from './lead-table-transfer';
