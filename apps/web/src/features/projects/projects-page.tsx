import { formatCount } from '@voltforge/contract/format-number';
import { formatUsd } from '@voltforge/contract/money';
import { Link } from 'react-router';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { useDateFormat } from '../../lib/first-paint/local-time';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { paths } from '../../lib/paths';
import { useProjects } from './api/get-projects';
import { NewProjectForm } from './components/new-project-form';

/** /dashboard/projects: the buyer's saved bills of materials. */
export function ProjectsPage() {
  usePageMeta(
    'My Projects',
    'Your saved bills of materials: price them for any number of boards and buy them again.',
  );
  const projects = useProjects();
  const dates = useDateFormat({ dateStyle: 'medium' });
  return (
    <section aria-labelledby="projects-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="projects-heading" className="text-2xl font-bold">
          My Projects
        </h2>
        <a href="#new-project-heading" className="btn btn-primary btn-sm">
          New project
        </a>
      </div>
      <p className="text-sm text-base-content/80">
        A project keeps a board’s bill of materials: price it for any number of boards, add it to
        your cart in one step, and see what changed between its revisions.
      </p>
      {projects.isPending ? (
        <Spinner block />
      ) : projects.isError ? (
        <QueryError message={projects.error.message} onRetry={() => void projects.refetch()} />
      ) : projects.data.length === 0 ? (
        <p className="rounded-box border border-base-300 bg-base-100 p-6">
          No projects yet. Start one from a bill of materials exported by KiCad, Altium or Eagle, or
          from a spreadsheet.
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {projects.data.map((project) => (
            <li key={project.id} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body gap-2 p-4">
                <h3 className="text-lg font-semibold">
                  <Link to={paths.project(project.id)} className="link link-hover">
                    {project.name}
                  </Link>
                </h3>
                <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                  <dt className="text-base-content/70">Lines</dt>
                  <dd className="tabular-nums">{formatCount(project.lineCount)}</dd>
                  <dt className="text-base-content/70">Revision</dt>
                  <dd className="tabular-nums">{project.revision}</dd>
                  <dt className="text-base-content/70">Last priced</dt>
                  <dd className="tabular-nums">
                    {project.lastPricedTotal === null || project.lastPricedBuilds === null
                      ? 'Never'
                      : `${formatUsd(project.lastPricedTotal)} for ${formatCount(project.lastPricedBuilds)} ${project.lastPricedBuilds === 1 ? 'board' : 'boards'}`}
                  </dd>
                  <dt className="text-base-content/70">Last ordered</dt>
                  <dd>
                    {project.lastOrderedAt
                      ? dates.format(new Date(project.lastOrderedAt))
                      : 'Never'}
                  </dd>
                </dl>
              </div>
            </li>
          ))}
        </ul>
      )}
      <NewProjectForm />
    </section>
  );
}
