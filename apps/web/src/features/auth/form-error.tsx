/** A server or provider error, in red above the submit button (Login and Register). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-error">
      {message}
    </p>
  );
}
