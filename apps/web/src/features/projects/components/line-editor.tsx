import { TextField } from '../../../components/ui/text-field';
import { emptyDraft, lineErrors, type LineDraft } from './line-drafts';

interface LineEditorProps {
  drafts: LineDraft[];
  onChange: (drafts: LineDraft[]) => void;
  /** Show each field's error (after a first attempt to save); they go as soon as it is valid. */
  showErrors: boolean;
}

/**
 * A project's lines as fields, one group per line: the part number (matched to a tool or kept as
 * text), the quantity per board, the reference designators, the buyer's own reference, attrition,
 * a note and "do not install". A row that the import found wrong says why until it is edited.
 */
export function LineEditor({ drafts, onChange, showErrors }: LineEditorProps) {
  const update = (key: string, change: Partial<LineDraft>) =>
    onChange(
      drafts.map((draft) =>
        draft.key === key
          ? {
              ...draft,
              ...change,
              problems: [],
              ...('part' in change ? { partNumber: null, name: null, closest: [] } : {}),
            }
          : draft,
      ),
    );
  return (
    <div className="flex flex-col gap-3">
      {drafts.map((draft, index) => {
        const errors = showErrors ? lineErrors(draft) : {};
        const label = `Line ${index + 1}`;
        return (
          <fieldset
            key={draft.key}
            className="rounded-box border border-base-300 bg-base-100 p-3"
            data-line={index + 1}
          >
            <legend className="px-1 text-sm font-semibold">
              {label}
              {draft.name ? (
                <span className="font-normal text-base-content/75"> · {draft.name}</span>
              ) : null}
            </legend>
            {draft.problems.length > 0 ? (
              <ul className="mb-2 text-sm text-error">
                {draft.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            ) : null}
            {draft.partNumber === null &&
            draft.part.trim() !== '' &&
            draft.problems.length === 0 ? (
              <p className="mb-2 text-sm text-base-content/80">
                Not in our catalogue: kept in the project, not bought.
                {draft.closest.length > 0 ? ` Closest: ${draft.closest.join(', ')}` : ''}
              </p>
            ) : null}
            <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
              <TextField
                label="Part number"
                name={`part-${draft.key}`}
                value={draft.part}
                error={errors.part}
                onChange={(event) => update(draft.key, { part: event.target.value })}
              />
              <TextField
                label="Quantity per board"
                name={`quantity-${draft.key}`}
                inputMode="numeric"
                value={draft.quantityPerBuild}
                error={errors.quantityPerBuild}
                onChange={(event) => update(draft.key, { quantityPerBuild: event.target.value })}
              />
              <TextField
                label="Reference designators"
                name={`designators-${draft.key}`}
                placeholder="R1, R4-R7"
                value={draft.designators}
                error={errors.designators}
                onChange={(event) => update(draft.key, { designators: event.target.value })}
              />
              <TextField
                label="Your reference"
                name={`ref-${draft.key}`}
                value={draft.customerRef}
                error={errors.customerRef}
                onChange={(event) => update(draft.key, { customerRef: event.target.value })}
              />
              <TextField
                label="Attrition %"
                name={`attrition-${draft.key}`}
                inputMode="decimal"
                placeholder="0"
                value={draft.attrition}
                error={errors.attrition}
                onChange={(event) => update(draft.key, { attrition: event.target.value })}
              />
              <TextField
                label="Note"
                name={`note-${draft.key}`}
                value={draft.note}
                error={errors.note}
                onChange={(event) => update(draft.key, { note: event.target.value })}
              />
              <label className="flex min-h-11 cursor-pointer items-center gap-2 self-end text-sm">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={draft.doNotInstall}
                  onChange={(event) => update(draft.key, { doNotInstall: event.target.checked })}
                />
                Do not install
              </label>
              <button
                type="button"
                className="btn btn-ghost btn-sm self-end text-error"
                onClick={() => onChange(drafts.filter((d) => d.key !== draft.key))}
              >
                Remove<span className="sr-only"> {label}</span>
              </button>
            </div>
          </fieldset>
        );
      })}
      <button
        type="button"
        className="btn btn-outline btn-sm self-start"
        onClick={() => onChange([...drafts, emptyDraft()])}
      >
        Add a line
      </button>
    </div>
  );
}
