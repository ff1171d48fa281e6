import { LOCALE_PREFIX } from './locale.ts';
import { APP_ROUTES } from './routes.ts';

const patterns = Object.values(LOCALE_PREFIX).flatMap((prefix) =>
  APP_ROUTES.map((route) => {
    const path = prefix && route.path === '/' ? prefix : `${prefix}${route.path}`;
    const source = path
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return new RegExp(`^${source}/?$`);
  }),
);

/** True when the path is a screen of the web app in either locale (else the 404 page). */
export function isAppPath(pathname: string): boolean {
  return patterns.some((pattern) => pattern.test(pathname));
}
