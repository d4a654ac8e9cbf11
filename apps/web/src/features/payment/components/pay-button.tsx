interface PayButtonProps {
  disabled: boolean;
  paying: boolean;
}

/** The Pay button; the form decides when it is ready. */
export function PayButton({ disabled, paying }: PayButtonProps) {
  return (
    <button
      type="submit"
      className="btn btn-primary w-full sm:w-auto sm:min-w-40"
      disabled={disabled}
    >
      {paying ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {paying ? 'Paying…' : 'Pay'}
    </button>
  );
}
