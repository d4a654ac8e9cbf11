import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { ComingSoon } from '../../components/ui/coming-soon';
import { PageContainer } from '../../components/ui/page-container';
import { usePageMeta } from '../../components/ui/use-page-meta';

/** Placeholder home until the home-page issue builds the carousel, tools list and reviews. */
export function HomePage() {
  usePageMeta(
    'Voltforge',
    'Voltforge makes electrical and electronic tools and components. Browse the catalogue, order in bulk and track your orders.',
  );
  return (
    <>
      <section className="bg-neutral text-neutral-content">
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-16 sm:px-6 lg:px-8 lg:py-24">
          <p className="text-sm font-semibold tracking-widest text-secondary uppercase">
            Voltforge tools and components
          </p>
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            Electrical tools built for people who wire the world
          </h1>
          <p className="max-w-2xl text-lg text-neutral-content/85">
            We design and manufacture testers, crimpers, relays, connectors and the components
            inside them. Order straight from the factory, in the quantities your work needs.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to={paths.tools} className="btn btn-secondary">
              Browse tools
            </Link>
            <Link
              to={paths.about}
              className="btn btn-outline border-neutral-content/60 text-neutral-content"
            >
              About Us
            </Link>
          </div>
        </div>
      </section>
      <section id="reviews" aria-labelledby="reviews-heading" className="scroll-mt-24">
        <PageContainer>
          <h2 id="reviews-heading" className="mb-4 text-2xl font-bold">
            What our customers say
          </h2>
          <ComingSoon>Customer reviews will appear here.</ComingSoon>
        </PageContainer>
      </section>
    </>
  );
}
