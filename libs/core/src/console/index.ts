export * from './sign-in-throttle';
export * from './browser-label';
