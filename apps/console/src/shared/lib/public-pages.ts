/** The pages a person reaches without a session: a path inside the app, without its /app base. */
export const isPublicPage = (path: string): boolean => /^\/(sign-in(?=[?#/]|$)|invite\/)/.test(path);

/** The same for a browser address, /app base included. */
export const isPublicAddress = (pathname: string): boolean => isPublicPage(pathname.replace(/^\/app(?=\/|$)/, ''));
