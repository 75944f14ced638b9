// /guests/<guest>/og.png: a guest page's share image (src/build/share-images.ts lists and draws it).
import { getSite } from '../../../astro/get-site.ts';
import { sharePaths } from '../../../build/share-images.ts';

export { GET } from '../../../build/share-images.ts';

export function getStaticPaths() {
  return sharePaths(getSite(), 'guest');
}
