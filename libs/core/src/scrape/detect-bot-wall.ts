export interface PageSignals {
  /** Cloudflare's `cf-mitigated` response header. */
  cfMitigated: string | null;
  html: string;
  title: string;
  text: string;
}

// A wall says little: a long page that merely embeds a captcha on its contact form is not one.
const SHORT_PAGE_CHARS = 2_000;
const WALL_TITLES =
  /just a moment|attention required|access denied|are you a (robot|human)|verify you are (a )?human|security check|checking your browser|pardon our interruption|robot check|captcha|ddos-guard|human verification|bot (verification|protection)/i;
const WALL_MARKUP =
  /\/cdn-cgi\/challenge-platform\/|cf-browser-verification|cf_chl_opt|challenges\.cloudflare\.com|_incapsula_resource|incapsula incident id|px-captcha|captcha-delivery\.com|ddos-guard|g-recaptcha|h-captcha|cf-turnstile/i;
const WALL_TEXT =
  /enable javascript and cookies to continue|verify (that )?you are (a )?human|checking (if the site connection is secure|your browser)|complete the security check|request unsuccessful|access to this page has been denied|unusual (activity|traffic) from your (computer|network)|press (&|and) hold/i;

/** A challenge or bot-protection page stands between us and the site. */
export function detectBotWall(page: PageSignals): boolean {
  if (page.cfMitigated?.toLowerCase() === 'challenge') return true;
  if (page.text.length >= SHORT_PAGE_CHARS) return false;
  return WALL_TITLES.test(page.title) || WALL_TEXT.test(page.text) || WALL_MARKUP.test(page.html);
}
