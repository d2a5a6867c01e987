import { PageBody, PageReading, readPage } from '@lead-engine/core/scrape';
import { runThisThreadInBackground } from '../../../infrastructure/process/background-priority';

// Reading pages is background work: on a busy host the requests an engine serves come first.
runThisThreadInBackground();

/** One page, read in a thread of the page reading pool (see PageReadingPool). */
export default function readPageInThread(page: PageBody): PageReading {
  return readPage(page);
}
