export * from './job-summary';
