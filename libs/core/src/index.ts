export * from './errors/domain-error';
export * from './credits/credit-allowances';
export * from './credits/ledger-entry-kind';
export * from './accounts/api-key-format';
export * from './leads';
export * from './exports';
export * from './errors/is-uuid';
