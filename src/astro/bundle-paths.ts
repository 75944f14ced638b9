// The paths of the soul, preset and guest pages: each page's props hold everything it renders besides
// the layout's site-wide fields, so a key over them lets a rebuild copy every bundle no edit reached.
import { getMember, getSite } from './get-site.ts';
import { bundleForKey, pageCacheKey } from '../build/page-cache.ts';
import { snapshotKeys } from '../build/snapshots.ts';
import type { BundleHistoryView, BundleView, SiteData } from '../data/types.ts';

export interface PreviewChoices {
  /** The notes it can edit: the keys of the member's vault snapshot, in its order. */
  notes: string[];
  presets: string[];
  harnesses: string[];
}

export interface BundlePageProps {
  bundle: BundleView;
  /** The bundle's history page and its commits, when the site publishes history. */
  history: BundleHistoryView | null;
  /** What the live preview's controls offer. */
  preview: PreviewChoices;
  tokenizer: SiteData['tokenizer'];
  family: string;
}

function previewChoices(site: SiteData, bundle: BundleView): PreviewChoices {
  const member = getMember(bundle.soul)!;
  return { notes: snapshotKeys(site, member), presets: member.presets, harnesses: site.harnesses };
}

/** One path per bundle `select` keeps, with `params` of its route. */
export function bundlePaths<P extends Record<string, string>>(select: (bundle: BundleView) => boolean, params: (bundle: BundleView) => P): Array<{ params: P; props: BundlePageProps; cacheKey: string | undefined }> {
  const site = getSite();
  return site.bundles.filter(select).map((bundle) => {
    const props: BundlePageProps = {
      bundle,
      history: site.history?.bundles[bundle.key] ?? null,
      preview: previewChoices(site, bundle),
      tokenizer: site.tokenizer,
      family: site.family,
    };
    // As for note pages, only a build reuses pages.
    return { params: params(bundle), props, cacheKey: import.meta.env.DEV ? undefined : pageCacheKey(site, { ...props, bundle: bundleForKey(bundle) }) };
  });
}
