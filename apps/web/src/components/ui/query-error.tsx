interface QueryErrorProps {
  message: string;
  onRetry: () => void;
}

/** A failed load: the server's message and a way to try again. */
export function QueryError({ message, onRetry }: QueryErrorProps) {
  return (
    <div role="alert" className="alert alert-soft alert-error max-w-2xl">
      <span>{message}</span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
