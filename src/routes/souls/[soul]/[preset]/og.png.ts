// /souls/<soul>/<preset>/og.png: a preset page's share image (src/build/og-image.ts draws it).
import { getSite } from '../../../../astro/get-site.ts';
import { imagePaths } from '../../../../build/og-image.ts';
import { presetParam } from '../../../../data/urls.ts';
import { bundleCard } from '../../../../render/share-card.ts';

export { GET } from '../../../../build/og-image.ts';

export function getStaticPaths() {
  const site = getSite();
  const bundles = site.bundles.filter((b) => b.kind === 'family' && b.preset !== null);
  return imagePaths(site.title, bundles.map((bundle) => ({ params: { soul: bundle.soul, preset: presetParam(bundle.preset!) }, card: bundleCard(bundle, site.family) })));
}
