interface SpinnerProps {
  /** Centres the spinner in a tall box, for whole-page and whole-form loading states. */
  block?: boolean;
  label?: string;
}

export function Spinner({ block = false, label = 'Loading' }: SpinnerProps) {
  const spinner = (
    <span role="status" className="inline-flex items-center">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
  if (!block) return spinner;
  return <div className="flex min-h-[50vh] w-full items-center justify-center">{spinner}</div>;
}
