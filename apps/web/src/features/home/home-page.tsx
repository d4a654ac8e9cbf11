import { homeToolsQuery } from '@voltforge/contract/catalog';
import { pageMeta } from '@voltforge/contract/public-pages';
import { toolsQuery } from '../../lib/api/get-tools';
import { shopTermsQuery } from '../../lib/api/get-shop-terms';
import { pageLoader } from '../../lib/first-paint/page-loader';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { latestReviewsQuery } from './api/get-latest-reviews';
import { BannerCarousel } from './banner-carousel';
import { CommunityStats } from './community-stats';
import { FeaturedTools } from './featured-tools';
import { LifecycleHero } from './lifecycle-hero';
import { NewsletterBlock } from './newsletter-block';
import { PromiseCards } from './promise-cards';
import { ReviewsSection } from './reviews-section';

/** The newest tools, the latest reviews, and the shop's terms for its promise. */
export const loader = import.meta.env.SSR
  ? pageLoader(() => [toolsQuery(homeToolsQuery), latestReviewsQuery(), shopTermsQuery()])
  : undefined;

/** The home page, sections in the order of the original shop; the footer comes from the layout. */
export function HomePage() {
  usePageMeta(pageMeta.home.title, pageMeta.home.description);
  return (
    <>
      <h1 className="sr-only">Voltforge: electrical and electronic tools and components</h1>
      <BannerCarousel />
      <PromiseCards />
      <FeaturedTools />
      <LifecycleHero />
      <ReviewsSection />
      <NewsletterBlock />
      <CommunityStats />
    </>
  );
}
