export const ENGINE_VERSION = '1.1.0';
