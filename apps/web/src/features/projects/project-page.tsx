import { formatCount } from '@voltforge/contract/format-number';
import type { Project } from '@voltforge/contract/project';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { STACKED_TABLE } from '../../components/ui/stacked-table';
import { useDateFormat } from '../../lib/first-paint/local-time';
import { toast } from '../../lib/page/toast';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { paths } from '../../lib/paths';
import { useDeleteProject } from './api/delete-project';
import { useProject } from './api/get-project';
import { useProjectDiff } from './api/get-project-diff';
import { useSaveProject } from './api/save-project';
import { draftFromLine, linesToSave, type LineDraft } from './components/line-drafts';
import { LineEditor } from './components/line-editor';
import { ProjectPricing } from './components/project-pricing';

/** The lines as kept: matched tool, per board, designators (and a warning when they disagree). */
function LinesTable({ project }: { project: Project }) {
  return (
    <div role="region" aria-label="Lines" tabIndex={0} className="overflow-x-auto">
      <table className={`table table-sm ${STACKED_TABLE}`}>
        <thead className="text-base-content">
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Part</th>
            <th scope="col" className="text-right">
              Per board
            </th>
            <th scope="col">Reference designators</th>
            <th scope="col">Your reference</th>
            <th scope="col" className="text-right">
              Attrition
            </th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {project.lines.map((line, index) => (
            <tr key={`${index}-${line.part}`} data-line={index + 1}>
              <td data-label="Line" className="tabular-nums">
                {index + 1}
              </td>
              <th scope="row" data-label="Part" className="font-normal">
                <span className="font-mono">{line.partNumber ?? line.part}</span>
                <div className="text-xs text-base-content/75">
                  {line.name ??
                    `Not in our catalogue${line.closest.length > 0 ? ` (closest: ${line.closest.join(', ')})` : ''}`}
                </div>
                {line.doNotInstall ? (
                  <span className="badge badge-sm badge-ghost">Do not install</span>
                ) : null}
              </th>
              <td data-label="Per board" className="text-right tabular-nums max-sm:text-left">
                {formatCount(line.quantityPerBuild)}
              </td>
              <td data-label="Designators" className="max-w-48 break-words">
                {line.designators || '—'}
                {line.designatorWarning ? (
                  <div className="text-xs text-warning-content">
                    <span className="badge badge-warning badge-xs mr-1">!</span>
                    {line.designatorWarning}
                  </div>
                ) : null}
              </td>
              <td data-label="Your ref.">{line.customerRef || '—'}</td>
              <td data-label="Attrition" className="text-right tabular-nums max-sm:text-left">
                {line.attritionBasisPoints === 0 ? '—' : `${line.attritionBasisPoints / 100} %`}
              </td>
              <td data-label="Note" className="max-w-48 break-words">
                {line.note || '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What changed between two revisions of the project. */
function RevisionDiff({ id, from, to }: { id: string; from: number; to: number }) {
  const diff = useProjectDiff(id, from, to);
  if (from === to) return <p className="text-sm">Choose two different revisions.</p>;
  if (diff.isPending) return <Spinner />;
  if (diff.isError) {
    return <QueryError message={diff.error.message} onRetry={() => void diff.refetch()} />;
  }
  const { added, removed, changed } = diff.data;
  if (added.length + removed.length + changed.length === 0) {
    return <p className="text-sm">The lines are the same.</p>;
  }
  return (
    <ul
      className="flex flex-col gap-1 text-sm"
      aria-label={`Changes from revision ${from} to ${to}`}
    >
      {added.map((line) => (
        <li key={`a-${line.part}`}>
          Added {line.part}: {formatCount(line.quantityPerBuild)} per board
        </li>
      ))}
      {removed.map((line) => (
        <li key={`r-${line.part}`}>
          Removed {line.part} ({formatCount(line.quantityPerBuild)} per board)
        </li>
      ))}
      {changed.map((line) => (
        <li key={`c-${line.part}`}>
          {line.part}: {formatCount(line.from)} → {formatCount(line.to)} per board
        </li>
      ))}
    </ul>
  );
}

/** /dashboard/projects/:id: one project, priced for N boards, its lines and revisions. */
export function ProjectPage() {
  const { id = '' } = useParams();
  const project = useProject(id);
  usePageMeta(
    project.data ? project.data.name : 'Project',
    'A saved bill of materials: price it for a number of boards and add it to your cart.',
  );
  const navigate = useNavigate();
  const save = useSaveProject(id);
  const remove = useDeleteProject();
  const dates = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  const [drafts, setDrafts] = useState<LineDraft[] | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [compare, setCompare] = useState<{ from: number; to: number } | null>(null);

  if (project.isPending) return <Spinner block />;
  if (project.isError) {
    return <QueryError message={project.error.message} onRetry={() => void project.refetch()} />;
  }
  const data = project.data;
  const revisions = data.revisions.map((r) => r.revision);
  const latest = revisions[0] ?? data.revision;
  const comparing = compare ?? { from: revisions[1] ?? latest, to: latest };

  const saveLines = () => {
    if (!drafts) return;
    setShowErrors(true);
    const lines = linesToSave(drafts);
    if (lines === null) {
      setStatus('Fix the fields marked before saving.');
      return;
    }
    save.mutate(
      { name: data.name, notes: data.notes, lines },
      {
        onSuccess: (saved) => {
          setDrafts(null);
          setShowErrors(false);
          setStatus(null);
          toast.success(`Saved as revision ${saved.revision}.`);
        },
        onError: (error) => setStatus(error.message),
      },
    );
  };

  return (
    <section aria-labelledby="project-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm">
            <Link to={paths.projects} className="link">
              My Projects
            </Link>
          </p>
          <h2 id="project-heading" className="text-2xl font-bold">
            {data.name}
          </h2>
          <p className="text-sm text-base-content/80">
            Revision {data.revision} · {formatCount(data.lines.length)}{' '}
            {data.lines.length === 1 ? 'line' : 'lines'} · saved{' '}
            {dates.format(new Date(data.updatedAt))}
          </p>
          {data.notes ? <p className="mt-1 whitespace-pre-line">{data.notes}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Link
            to={`${paths.quotes}?project=${encodeURIComponent(data.id)}`}
            className="btn btn-sm"
          >
            Ask for a quote
          </Link>
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            onClick={() => setConfirming(true)}
          >
            Delete project
          </button>
        </div>
      </div>

      <ProjectPricing
        key={data.revision}
        projectId={data.id}
        lines={data.lines}
        initialBuilds={1}
      />

      <section aria-labelledby="lines-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="lines-heading" className="text-xl font-semibold">
            Lines
          </h3>
          {drafts === null ? (
            <button
              type="button"
              className="btn btn-outline btn-sm print:hidden"
              onClick={() => setDrafts(data.lines.map(draftFromLine))}
            >
              Edit lines
            </button>
          ) : null}
        </div>
        {drafts === null ? (
          <LinesTable project={data} />
        ) : (
          <>
            <LineEditor drafts={drafts} onChange={setDrafts} showErrors={showErrors} />
            <p role="status" className="text-sm empty:hidden">
              {status}
            </p>
            <div className="flex gap-2">
              <button
                type="button"
                className="btn btn-primary"
                disabled={save.isPending}
                onClick={saveLines}
              >
                Save as revision {latest + 1}
              </button>
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => {
                  setDrafts(null);
                  setStatus(null);
                  setShowErrors(false);
                }}
              >
                Cancel
              </button>
            </div>
          </>
        )}
      </section>

      {revisions.length > 1 ? (
        <section aria-labelledby="revisions-heading" className="flex flex-col gap-3 print:hidden">
          <h3 id="revisions-heading" className="text-xl font-semibold">
            Revisions
          </h3>
          <ul className="text-sm">
            {data.revisions.map((r) => (
              <li key={r.revision}>
                Revision {r.revision}: {formatCount(r.lineCount)} lines,{' '}
                {dates.format(new Date(r.createdAt))}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-end gap-3">
            {(['from', 'to'] as const).map((end) => (
              <label key={end} className="flex flex-col gap-1 text-sm">
                <span className="font-medium">
                  {end === 'from' ? 'Compare revision' : 'with revision'}
                </span>
                <select
                  className="select select-sm"
                  value={comparing[end]}
                  onChange={(event) =>
                    setCompare({ ...comparing, [end]: Number(event.target.value) })
                  }
                >
                  {revisions.map((revision) => (
                    <option key={revision} value={revision}>
                      {revision}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
          <RevisionDiff id={data.id} from={comparing.from} to={comparing.to} />
        </section>
      ) : null}

      <ConfirmDialog
        open={confirming}
        message={`Delete the project “${data.name}” and all its revisions?`}
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(data.id, {
            onSuccess: () => {
              toast.success('Project deleted.');
              void navigate(paths.projects);
            },
            onError: (error) => {
              setConfirming(false);
              toast.error(error.message);
            },
          })
        }
      />
    </section>
  );
}
