import { pageMeta } from '@voltforge/contract/public-pages';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { PageContainer } from '../../components/ui/page-container';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { ContactForm } from './components/contact-form';

const channels = [
  {
    title: 'Order and delivery help',
    text: 'Tracking, changing an address, invoices and bulk quotes. Have your order number ready.',
  },
  {
    title: 'Technical support',
    text: 'Wiring questions, readings that look wrong, firmware and calibration. Our engineers answer.',
  },
  {
    title: 'Repairs and warranty',
    text: 'Every Voltforge tool carries a two-year warranty. We repair or replace, and cover return shipping.',
  },
];

const facts = [
  { term: 'Hours', detail: 'Around the clock, every day of the year' },
  { term: 'Email reply', detail: 'Within one day, usually within hours' },
  { term: 'Phone', detail: '+1 (555) 010-2040' },
  { term: 'Languages', detail: 'English, Spanish and German' },
];

/** /itSupport: "Our Support Section", with a form that reaches the support team. */
export function ItSupportPage() {
  usePageMeta(pageMeta.itSupport.title, pageMeta.itSupport.description);
  return (
    <PageContainer>
      <PageHeading lead="Engineers and order specialists on call 24/7. Tell us what is going on and we will get back to you by email.">
        Our Support Section
      </PageHeading>
      <div className="grid gap-10 lg:grid-cols-[1fr_1.1fr]">
        <div className="flex flex-col gap-8">
          <section aria-labelledby="support-channels">
            <h2 id="support-channels" className="mb-4 text-2xl font-bold">
              How we can help
            </h2>
            <ul className="flex flex-col gap-4">
              {channels.map((c) => (
                <li key={c.title} className="rounded-box border border-base-300 p-4">
                  <h3 className="font-semibold">{c.title}</h3>
                  <p className="mt-1 text-sm text-base-content/80">{c.text}</p>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="support-facts">
            <h2 id="support-facts" className="mb-4 text-2xl font-bold">
              Reaching us
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
              {facts.map((f) => (
                <div key={f.term} className="contents">
                  <dt className="font-semibold">{f.term}</dt>
                  <dd className="text-base-content/80">{f.detail}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 text-sm text-base-content/80">
              Asking about an order? Its status, tracking and invoice are in your{' '}
              <Link to={paths.dashboard} className="link link-primary">
                dashboard
              </Link>
              .
            </p>
          </section>
        </div>
        <ContactForm topic="support" heading="Contact support" submitLabel="Send to support" />
      </div>
    </PageContainer>
  );
}
