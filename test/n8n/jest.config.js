// `npm run test:n8n`: the package loaded and run in a real n8n (installed once under ~/.cache/lead-engine-n8n).
const base = require('../../jest.config.js');
const unit = base.projects.find((project) => project.displayName === 'n8n-nodes');

module.exports = {
  rootDir: __dirname,
  projects: [{ ...unit, displayName: 'n8n-e2e', rootDir: __dirname, testMatch: ['<rootDir>/e2e/**/*.e2e.ts'] }],
  maxWorkers: 1,
  // The first run installs n8n (about 5 minutes); later runs reuse it.
  testTimeout: 30 * 60_000,
};
