import { pageMeta } from '@voltforge/contract/public-pages';
import { PageContainer } from '../../components/ui/page-container';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { ContactForm } from './components/contact-form';

const services = [
  {
    title: 'Circuit and PCB design',
    text: 'Schematics, multilayer layouts and design-for-manufacture reviews, from a single board to a product family.',
  },
  {
    title: 'Firmware and test software',
    text: 'Embedded firmware for microcontrollers, and the production test rigs that check every unit.',
  },
  {
    title: 'Enclosures and prototypes',
    text: 'Rugged, IP-rated housings, 3D-printed and machined prototypes, and small pilot runs in our plant.',
  },
  {
    title: 'Compliance and certification',
    text: 'Preparation for CE, UL and EMC testing, so your product passes on the first visit to the lab.',
  },
];

const steps = [
  'Tell us about the product, the numbers and the deadline.',
  'We reply with questions and a fixed-price proposal within two working days.',
  'Design reviews every two weeks, with files you own from day one.',
  'Prototypes, pilot run, then volume manufacturing with us or with your own supplier.',
];

/** /design: the "Design and Development" service, with a form for project enquiries. */
export function DesignPage() {
  usePageMeta(pageMeta.design.title, pageMeta.design.description);
  return (
    <PageContainer>
      <PageHeading lead="The engineers who design Voltforge tools can design your product too: electronics, firmware and enclosure, ready for manufacturing.">
        Design and Development
      </PageHeading>
      <section aria-labelledby="design-services" className="mb-10">
        <h2 id="design-services" className="mb-4 text-2xl font-bold">
          What we do
        </h2>
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {services.map((s) => (
            <li key={s.title} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body">
                <h3 className="card-title text-lg">{s.title}</h3>
                <p className="text-sm text-base-content/80">{s.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <div className="grid gap-10 lg:grid-cols-[1fr_1.1fr]">
        <section aria-labelledby="design-process">
          <h2 id="design-process" className="mb-4 text-2xl font-bold">
            How a project runs
          </h2>
          <ol className="flex flex-col gap-4">
            {steps.map((step, i) => (
              <li key={step} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-content"
                >
                  {i + 1}
                </span>
                <p className="pt-1.5">{step}</p>
              </li>
            ))}
          </ol>
        </section>
        <ContactForm topic="design" heading="Start a project" submitLabel="Send project brief" />
      </div>
    </PageContainer>
  );
}
