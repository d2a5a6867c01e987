export * from './live-lead-table';
export * from './count-live-leads';
export * from './scan-live-leads';
export * from './merge-live-table';
