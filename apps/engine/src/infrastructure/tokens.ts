export const REDIS = Symbol('Redis');
export const ENGINE_CONFIG = Symbol('EngineConfig');
