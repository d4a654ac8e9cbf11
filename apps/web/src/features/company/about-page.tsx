import { pageMeta } from '@voltforge/contract/public-pages';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { PageContainer } from '../../components/ui/page-container';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../lib/page/use-page-meta';

const milestones = [
  {
    year: '2004',
    text: 'Founded in a two-room workshop, repairing and calibrating test equipment.',
  },
  {
    year: '2009',
    text: 'Our first own product: the VF-100 continuity tester, still in production.',
  },
  {
    year: '2015',
    text: 'Opened our plant with surface-mount lines and an in-house calibration lab.',
  },
  {
    year: '2021',
    text: 'Launched direct ordering, so trade customers buy straight from the factory.',
  },
];

const values = [
  {
    title: 'Made by the people who use them',
    text: 'Half of our engineers started as electricians or field technicians. Every tool is tested on real jobs before it ships.',
  },
  {
    title: 'Built to be repaired',
    text: 'Screws, not glue. Spare parts and firmware updates for at least ten years after a model leaves the catalogue.',
  },
  {
    title: 'Honest specifications',
    text: 'Accuracy, ratings and safety categories are measured in our own lab and printed on the box as they are.',
  },
];

const legal = [
  {
    id: 'terms',
    title: 'Terms of use',
    text: 'Orders are confirmed when payment succeeds. Prices are per unit in US dollars and include the minimum order quantity shown for each tool. You may cancel an unpaid order at any time from your dashboard; paid orders can be returned unused within 30 days.',
  },
  {
    id: 'privacy',
    title: 'Privacy policy',
    text: 'We keep your name, email, delivery address and phone number to fulfil your orders, and nothing else about you. Card details go straight to our payment provider and never touch our servers. We never sell your data; ask us and we delete it.',
  },
  {
    id: 'cookies',
    title: 'Cookie policy',
    text: 'We use one cookie: the session cookie that keeps you signed in. It cannot be read by scripts on the page. We use no advertising or tracking cookies.',
  },
];

/** /about: who Voltforge is, plus the legal notes the footer links to. */
export function AboutPage() {
  usePageMeta(pageMeta.about.title, pageMeta.about.description);
  return (
    <PageContainer>
      <PageHeading lead="Voltforge designs, manufactures and supports electrical and electronic tools and components for electricians, engineers and makers.">
        About Us
      </PageHeading>
      <div className="grid gap-10 lg:grid-cols-[1.4fr_1fr]">
        <section aria-labelledby="about-story" className="flex flex-col gap-4 text-base-content/85">
          <h2 id="about-story" className="text-2xl font-bold text-base-content">
            Our story
          </h2>
          <p>
            Voltforge began in 2004 as a small repair shop for multimeters and oscilloscopes. Fixing
            other manufacturers&apos; tools taught us what fails, what frustrates people on site and
            what a tool needs to survive years in a van.
          </p>
          <p>
            Today we make everything from true-RMS multimeters and bench power supplies to crimping
            pliers, relay modules and the components inside them. Everything is designed in-house,
            assembled in our own plant and calibrated in our own lab.
          </p>
          <p>
            We sell directly to trade customers, schools and makers, in the quantities they need. No
            middlemen means fair prices and a real engineer at the other end of the{' '}
            <Link to={paths.itSupport} className="link link-primary">
              support line
            </Link>
            .
          </p>
        </section>
        <section aria-labelledby="about-milestones">
          <h2 id="about-milestones" className="mb-4 text-2xl font-bold">
            Milestones
          </h2>
          <ol className="flex flex-col gap-4 border-l-2 border-secondary pl-6">
            {milestones.map((m) => (
              <li key={m.year}>
                <p className="font-bold text-primary">{m.year}</p>
                <p className="text-base-content/80">{m.text}</p>
              </li>
            ))}
          </ol>
        </section>
      </div>

      <section aria-labelledby="about-values" className="mt-12">
        <h2 id="about-values" className="mb-4 text-2xl font-bold">
          What we stand for
        </h2>
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-3">
          {values.map((v) => (
            <li key={v.title} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body">
                <h3 className="card-title text-lg">{v.title}</h3>
                <p className="text-sm text-base-content/80">{v.text}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={paths.tools} className="btn btn-primary">
            Browse our tools
          </Link>
          <Link to={paths.design} className="btn btn-outline btn-primary">
            Work with our design team
          </Link>
        </div>
      </section>

      <section aria-labelledby="about-legal" className="mt-12 border-t border-base-300 pt-8">
        <h2 id="about-legal" className="mb-4 text-2xl font-bold">
          The small print
        </h2>
        <div className="grid gap-6 md:grid-cols-3">
          {legal.map((item) => (
            <section
              key={item.id}
              id={item.id}
              aria-labelledby={`${item.id}-heading`}
              className="scroll-mt-24"
            >
              <h3 id={`${item.id}-heading`} className="font-semibold">
                {item.title}
              </h3>
              <p className="mt-2 text-sm text-base-content/80">{item.text}</p>
            </section>
          ))}
        </div>
      </section>
    </PageContainer>
  );
}
