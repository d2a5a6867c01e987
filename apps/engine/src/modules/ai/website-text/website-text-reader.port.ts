export interface WebsiteText {
  /** Readable text of the site, null when it could not be read (blocked, no content, unreachable). */
  text: string | null;
  /** Served from the 30-day site text cache. */
  cached: boolean;
}

/** Reads a company website by host name; never throws for anything a website can do. */
export interface WebsiteTextReader {
  read(domain: string): Promise<WebsiteText>;
}

export const WEBSITE_TEXT_READER = Symbol('WebsiteTextReader');
