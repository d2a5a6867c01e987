export * from './live-lead-table';
export * from './count-live-leads';
export * from './scan-live-leads';
export * from './merge-live-table';
export * from './live-revealed-rows';
export * from './live-parts';
export * from './whole-load-reasons';
