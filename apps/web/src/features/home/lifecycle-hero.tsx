import { Link } from 'react-router';
import { paths } from '../../lib/paths';

const stages = [
  { name: 'Design', text: 'Specified with electricians and engineers who use the tools daily.' },
  { name: 'Prototype', text: 'Built and abused on our own benches before a single mould is cut.' },
  { name: 'Manufacture', text: 'Made in our plant with traceable parts and batch records.' },
  { name: 'Test', text: 'Every meter calibrated, every supply load-tested before packing.' },
  { name: 'Support', text: 'Spare parts, repairs and firmware for as long as you use it.' },
];

/** The product lifecycle, from drawing board to long-term support. */
export function LifecycleHero() {
  return (
    <section
      aria-labelledby="lifecycle-heading"
      className="below-fold bg-primary text-primary-content"
    >
      <div className="mx-auto grid w-full max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:items-center lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-widest text-secondary uppercase">
            Product lifecycle
          </p>
          <h2 id="lifecycle-heading" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            From the drawing board to your bench, and beyond
          </h2>
          <p className="mt-4 max-w-xl text-primary-content/85">
            We design, build, test and support every Voltforge product ourselves. One company
            answers for the tool from its first sketch to its last repair.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={paths.tools} className="btn btn-secondary">
              Explore Now
            </Link>
            <Link
              to={paths.about}
              className="btn btn-outline border-primary-content/70 text-primary-content hover:bg-primary-content hover:text-primary"
            >
              About Us
            </Link>
          </div>
        </div>
        <ol className="grid gap-3">
          {stages.map((stage, i) => (
            <li key={stage.name} className="flex gap-4 rounded-box bg-primary-content/10 p-4">
              <span
                className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-secondary font-bold text-secondary-content"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <div>
                <h3 className="font-semibold">{stage.name}</h3>
                <p className="text-sm text-primary-content/80">{stage.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
