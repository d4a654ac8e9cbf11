import { useId } from 'react';

/** A file's text, by FileReader, which every browser has and so does jsdom (no Blob.text()). */
export function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

interface TextFileInputProps {
  label: string;
  accept: string;
  /** The file chosen; the input is cleared, so choosing the same file again reads it again. */
  onFile: (file: File) => void;
}

/** A labelled file input for a text file (a CSV of part numbers, a bill of materials). */
export function TextFileInput({ label, accept, onFile }: TextFileInputProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        className="w-full max-w-sm cursor-pointer rounded-field border border-base-300 bg-base-100 text-sm file:mr-3 file:cursor-pointer file:border-0 file:border-r file:border-base-300 file:bg-base-200 file:px-3 file:py-1.5 file:font-semibold hover:file:bg-base-300"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
