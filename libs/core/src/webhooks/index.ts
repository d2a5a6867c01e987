export * from './delivery-schedule';
export * from './endpoint-lanes';
