import 'reflect-metadata';

// A worker is the engine with ENGINE_ROLE=worker: queue processors, no HTTP.
process.env.ENGINE_ROLE = 'worker';
require('./main');
