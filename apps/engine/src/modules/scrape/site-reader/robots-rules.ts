import robotsParser from 'robots-parser';

export type RobotsRule = (url: URL) => boolean;

export const ALLOW_ALL: RobotsRule = () => true;
export const DISALLOW_ALL: RobotsRule = () => false;

/**
 * RFC 9309: a robots.txt that is found is obeyed for our user agent (a group naming `LeadEngine`,
 * else `*`); one that is missing or refused (4xx) allows everything; one the server fails on (5xx)
 * disallows everything until it can be read.
 */
export function robotsRule(robotsUrl: URL, status: number, body: string, userAgent: string): RobotsRule {
  if (status >= 200 && status < 300) {
    const robots = robotsParser(robotsUrl.href, body);
    return (url) => robots.isAllowed(url.href, userAgent) !== false;
  }
  if (status >= 400 && status < 500) return ALLOW_ALL;
  return DISALLOW_ALL;
}
