export * from './classify-address';
export * from './classify-scrape-outcome';
export * from './decode-html';
export * from './detect-bot-wall';
export * from './html-to-text';
export * from './interleave-by-site';
export * from './normalize-scrape-input';
export * from './site-key';
