import {
  MAX_BOM_CHARS,
  bomFieldLabels,
  bomFields,
  bomMessages,
  isUnreadableText,
  type BomField,
  type BomMapping,
} from '@voltforge/contract/project-bom';
import type { BomPreview } from '@voltforge/contract/project';
import { MAX_PROJECT_NAME_LENGTH, projectMessages } from '@voltforge/contract/project-rules';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { TextFileInput, readText } from '../../../components/ui/text-file-input';
import { toast } from '../../../lib/page/toast';
import { paths } from '../../../lib/paths';
import { usePreviewBom } from '../api/preview-bom';
import { useSaveProject } from '../api/save-project';
import { draftFromRow, linesToSave, type LineDraft } from './line-drafts';
import { LineEditor } from './line-editor';

/**
 * A new project from a bill of materials pasted or uploaded (as KiCad, Altium or Eagle export it,
 * or a spreadsheet), read by the server with the columns its header names (which the buyer may
 * change), each row then shown to be fixed before anything is saved; or from lines typed in.
 */
export function NewProjectForm() {
  const navigate = useNavigate();
  const preview = usePreviewBom();
  const save = useSaveProject();
  const [name, setName] = useState('');
  const [notes, setNotes] = useState('');
  const [text, setText] = useState('');
  const [read, setRead] = useState<BomPreview | null>(null);
  const [mapping, setMapping] = useState<BomMapping | undefined>(undefined);
  const [drafts, setDrafts] = useState<LineDraft[]>([]);
  const [bomError, setBomError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  const readBom = (value: string, chosen?: BomMapping) => {
    setStatus(null);
    if (value.trim() === '') {
      setBomError(bomMessages.empty);
      return;
    }
    setBomError(null);
    preview.mutate(
      { text: value, mapping: chosen },
      {
        onSuccess: (result) => {
          setRead(result);
          setMapping(result.mapping);
          setDrafts(result.rows.map(draftFromRow));
          const toFix = result.rows.filter((row) => row.problems.length > 0).length;
          setStatus(
            `${result.rows.length} ${result.rows.length === 1 ? 'row' : 'rows'} read${toFix > 0 ? `, ${toFix} to fix` : ''}.`,
          );
        },
        onError: (failure) => setBomError(failure.message),
      },
    );
  };

  const readFile = async (file: File) => {
    if (file.size > MAX_BOM_CHARS * 2) {
      setBomError(bomMessages.tooLong);
      return;
    }
    let content: string;
    try {
      content = await readText(file);
    } catch {
      setBomError(bomMessages.notText);
      return;
    }
    // Checked here: the API refuses a NUL in any text with a message about text, not files.
    if (isUnreadableText(content)) {
      setBomError(bomMessages.notText);
      return;
    }
    setText(content);
    if (name.trim() === '')
      setName(file.name.replace(/\.[^.]+$/, '').slice(0, MAX_PROJECT_NAME_LENGTH));
    readBom(content);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setShowErrors(true);
    const trimmed = name.trim();
    setNameError(trimmed === '' ? projectMessages.name : null);
    const lines = linesToSave(drafts);
    if (trimmed === '' || lines === null) {
      setStatus('Fix the fields marked before saving.');
      return;
    }
    save.mutate(
      { name: trimmed, notes, lines },
      {
        onSuccess: (project) => {
          toast.success(`Project “${project.name}” saved.`);
          void navigate(paths.project(project.id));
        },
        onError: (failure) => setStatus(failure.message),
      },
    );
  };

  const header = read?.header ?? [];
  return (
    <section aria-labelledby="new-project-heading" className="flex flex-col gap-4">
      <h3 id="new-project-heading" className="text-xl font-bold">
        New project
      </h3>
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-3">
          <h4 className="text-lg font-semibold">Bill of materials</h4>
          <TextareaField
            label="Paste a bill of materials"
            name="bom"
            rows={6}
            className="font-mono"
            maxLength={MAX_BOM_CHARS}
            placeholder={'Reference,Qty,MPN\nR1-R4,4,VF-RES-10K'}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={bomError ?? undefined}
            hint="A header row, then a row per part: KiCad, Altium and Eagle exports are read as they are."
          />
          <TextFileInput
            label="Or upload a CSV file"
            accept=".csv,.tsv,.txt,text/csv,text/plain"
            onFile={(file) => void readFile(file)}
          />
          <button
            type="button"
            className="btn btn-outline self-start"
            disabled={preview.isPending}
            onClick={() => readBom(text)}
          >
            {preview.isPending ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : null}
            Read the rows
          </button>
          {read ? (
            <fieldset className="flex flex-col gap-2">
              <legend className="text-sm font-semibold">Columns</legend>
              <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
                {bomFields.map((field: BomField) => (
                  <label key={field} className="flex flex-col gap-1 text-sm">
                    <span className="font-medium">{bomFieldLabels[field]}</span>
                    <select
                      className="select select-sm w-full"
                      value={mapping?.[field] ?? ''}
                      onChange={(event) => {
                        const value = event.target.value;
                        setMapping((current) => {
                          const nextMapping = { ...current };
                          if (value === '') delete nextMapping[field];
                          else nextMapping[field] = Number(value);
                          return nextMapping;
                        });
                      }}
                    >
                      <option value="">None</option>
                      {header.map((column, index) => (
                        <option key={`${column}-${index}`} value={index}>
                          {column || `Column ${index + 1}`}
                        </option>
                      ))}
                    </select>
                  </label>
                ))}
              </div>
              <button
                type="button"
                className="btn btn-outline btn-sm self-start"
                disabled={preview.isPending}
                onClick={() => readBom(text, mapping)}
              >
                Read again with these columns
              </button>
            </fieldset>
          ) : null}
        </div>
      </div>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-3 md:grid-cols-2">
          <TextField
            label="Project name"
            name="name"
            maxLength={MAX_PROJECT_NAME_LENGTH}
            value={name}
            error={nameError ?? undefined}
            onChange={(event) => {
              setName(event.target.value);
              if (event.target.value.trim() !== '') setNameError(null);
            }}
          />
          <TextareaField
            label="Notes"
            name="notes"
            rows={2}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
        </div>
        <h4 className="text-lg font-semibold">Lines</h4>
        <LineEditor drafts={drafts} onChange={setDrafts} showErrors={showErrors} />
        <p role="status" className="text-sm empty:hidden">
          {status}
        </p>
        <button type="submit" className="btn btn-primary self-start" disabled={save.isPending}>
          {save.isPending ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : null}
          Save project
        </button>
      </form>
    </section>
  );
}
