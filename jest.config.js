const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' } }];
const moduleNameMapper = {
  '^@lead-engine/contracts$': '<rootDir>/../../libs/contracts/src/index.ts',
  '^@lead-engine/contracts/lead-constants$': '<rootDir>/../../libs/contracts/src/leads/lead-constants.ts',
  '^@lead-engine/contracts/console$': '<rootDir>/../../libs/contracts/src/console/index.ts',
  '^@lead-engine/contracts/client$': '<rootDir>/../../libs/contracts/src/client/index.ts',
  '^@lead-engine/core$': '<rootDir>/../../libs/core/src/index.ts',
  '^@lead-engine/core/leads$': '<rootDir>/../../libs/core/src/leads/index.ts',
  '^@lead-engine/core/scrape$': '<rootDir>/../../libs/core/src/scrape/index.ts',
};
const project = (displayName, rootDir, extra = {}) => ({
  displayName,
  rootDir,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper,
  ...extra,
});

module.exports = {
  projects: [
    project('contracts', '<rootDir>/libs/contracts', { testMatch: ['<rootDir>/src/**/*.spec.ts'] }),
    project('core', '<rootDir>/libs/core', { testMatch: ['<rootDir>/src/**/*.spec.ts'] }),
    project('engine', '<rootDir>/apps/engine', { testMatch: ['<rootDir>/src/**/*.spec.ts'] }),
    project('medium', '<rootDir>/apps/engine', { testMatch: ['<rootDir>/test-medium/**/*.medium.ts'] }),
    project('n8n-nodes', '<rootDir>/test/n8n', { testMatch: ['<rootDir>/unit/**/*.spec.ts'] }),
    project('e2e', '<rootDir>/test/e2e', {
      testMatch: ['<rootDir>/**/*.e2e.ts'],
      setupFilesAfterEnv: ['<rootDir>/support/openapi-traffic/validate-engine-traffic.setup.ts'],
      globalSetup: '<rootDir>/support/run.global-setup.ts',
      globalTeardown: '<rootDir>/support/run.global-teardown.ts',
      moduleNameMapper,
    }),
  ],
  maxWorkers: 2,
  testTimeout: 60000,
};
