/** Note links are written against this marker and get the site base when a page renders them, so one
 * rendering serves the note's page, a lesson's <Note> card and any base path. A note cannot produce it
 * itself: its links starting with `/` are dropped. */
export const BASE_MARKER = '/__soulpress_base__/';
