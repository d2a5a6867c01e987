/** The tab's title: the page first, so that several open tabs tell themselves apart. */
export const pageTitle = (page: string) => ({ meta: [{ title: `${page} · Lead Engine` }] });
