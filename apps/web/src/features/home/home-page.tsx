import { pageMeta } from '@voltforge/contract/public-pages';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { BannerCarousel } from './banner-carousel';
import { CommunityStats } from './community-stats';
import { FeaturedTools } from './featured-tools';
import { LifecycleHero } from './lifecycle-hero';
import { NewsletterBlock } from './newsletter-block';
import { PromiseCards } from './promise-cards';
import { ReviewsSection } from './reviews-section';

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
