import { TOOL_IMAGE_ACCEPT, toolImageMessages } from '@voltforge/contract/tool-image-rules';
import { useId, type ChangeEvent } from 'react';

/** The last file chosen: being uploaded, uploaded, or refused (and why). */
export type PhotoUpload =
  | { name: string; state: 'uploading' | 'uploaded' }
  | { name: string; state: 'refused'; error: string };

interface PhotoUploadFieldProps {
  upload: PhotoUpload | null;
  onFile: (file: File) => void;
}

/**
 * Upload a photo: a file chooser (keyboard: Tab to it, Enter or Space opens it) whose file is
 * sent at once; the tool form puts the address it gets into the Photo URL.
 */
export function PhotoUploadField({ upload, onFile }: PhotoUploadFieldProps) {
  const error = upload?.state === 'refused' ? upload.error : undefined;
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Emptied, so choosing the same file again (after fixing it, say) is a new choice.
    input.value = '';
    if (file) onFile(file);
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {toolImageMessages.uploadLabel}
      </label>
      <input
        id={id}
        type="file"
        accept={TOOL_IMAGE_ACCEPT}
        className={`file-input w-full max-w-md ${error ? 'file-input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={onChange}
      />
      <p id={hintId} className="text-xs text-base-content/75">
        {toolImageMessages.uploadHint}
      </p>
      <p aria-live="polite" className="text-sm empty:hidden">
        {upload?.state === 'uploading'
          ? toolImageMessages.uploading(upload.name)
          : upload?.state === 'uploaded'
            ? toolImageMessages.uploaded(upload.name)
            : null}
      </p>
      {error ? (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
