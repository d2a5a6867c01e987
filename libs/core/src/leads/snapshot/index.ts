export * from './lead-table-snapshot-format';
