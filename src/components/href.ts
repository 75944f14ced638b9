// Every internal link goes through here, so the site works under any base path (`--base /team/souls/`).
import { BASE_MARKER } from '../markdown/base-marker.ts';

export const BASE = import.meta.env.BASE_URL.endsWith('/') ? import.meta.env.BASE_URL : `${import.meta.env.BASE_URL}/`;

/** A page path relative to the base (`souls/pippa/`, `''` for home) as an absolute href. */
export function href(path: string): string {
  return BASE + path.replace(/^\/+/, '');
}

/** A rendered note's HTML with its note links pointed at this site's base. */
export function withBase(html: string): string {
  return html.replaceAll(`href="${BASE_MARKER}`, `href="${BASE}`);
}
