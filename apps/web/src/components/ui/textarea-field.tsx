import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';

interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  name: string;
  /** Shown under the textarea and announced with it. */
  error?: string;
  /** A quiet line under the textarea, such as a character count. */
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

/** TextField's multi-line sibling: a labelled textarea with its error message under it. */
export function TextareaField({
  label,
  error,
  hint,
  id,
  className,
  ref,
  ...textarea
}: TextareaFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={fieldId} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        ref={ref}
        id={fieldId}
        className={`textarea w-full${error ? ' textarea-error' : ''}${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...textarea}
      />
      {error ? (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-xs text-base-content/70">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
