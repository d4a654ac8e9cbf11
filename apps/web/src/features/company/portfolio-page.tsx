import { pageMeta } from '@voltforge/contract/public-pages';
import { PageContainer } from '../../components/ui/page-container';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { portfolio } from './portfolio-data';

/** /portfolio: the site's developer, all from portfolio-data.ts. */
export function PortfolioPage() {
  usePageMeta(pageMeta.portfolio.title, pageMeta.portfolio.description);
  return (
    <PageContainer>
      <PageHeading lead={`${portfolio.role}. I built this storefront.`}>
        {portfolio.name}
      </PageHeading>
      <p className="-mt-3 mb-8">
        <a href={`mailto:${portfolio.email}`} className="link link-primary">
          {portfolio.email}
        </a>
      </p>

      <section aria-labelledby="portfolio-objective" className="mb-10">
        <h2 id="portfolio-objective" className="mb-3 text-2xl font-bold">
          Career objective
        </h2>
        <p className="max-w-3xl text-base-content/85">{portfolio.objective}</p>
      </section>

      <section aria-labelledby="portfolio-skills" className="mb-10">
        <h2 id="portfolio-skills" className="mb-4 text-2xl font-bold">
          Skills
        </h2>
        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {portfolio.skills.map((s) => (
            <div key={s.group}>
              <h3 className="mb-2 font-semibold">{s.group}</h3>
              <ul className="flex flex-wrap gap-2">
                {s.items.map((item) => (
                  <li key={item} className="badge badge-outline badge-primary h-auto py-1">
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="portfolio-projects" className="mb-10">
        <h2 id="portfolio-projects" className="mb-4 text-2xl font-bold">
          Projects
        </h2>
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {portfolio.projects.map((p) => (
            <li key={p.name} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body">
                <h3 className="card-title text-lg">{p.name}</h3>
                <p className="text-sm text-base-content/80">{p.description}</p>
                <p className="mt-2 text-sm">
                  <span className="sr-only">Built with: </span>
                  {p.stack.join(' · ')}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="portfolio-education">
        <h2 id="portfolio-education" className="mb-4 text-2xl font-bold">
          Education
        </h2>
        {/* Focusable so keyboard users can scroll it when a narrow screen cuts it off. */}
        <div
          tabIndex={0}
          role="region"
          aria-label="Education table"
          className="overflow-x-auto rounded-box border border-base-300 focus-visible:outline-2 focus-visible:outline-primary"
        >
          <table className="table table-sm sm:table-md">
            <thead className="text-base-content">
              <tr>
                <th scope="col">Degree</th>
                <th scope="col">Institution</th>
                <th scope="col">Years</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {portfolio.education.map((e) => (
                <tr key={e.degree}>
                  <th scope="row" className="font-medium">
                    {e.degree}
                  </th>
                  <td>{e.institution}</td>
                  <td className="whitespace-nowrap">{e.year}</td>
                  <td>{e.result}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </PageContainer>
  );
}
