/**
 * The error option of a strict body schema: names the refused fields, e.g. `Unknown field "_id"`,
 * followed by `hint` when given (what the client may send instead).
 */
export function unknownFieldsError(hint?: string) {
  return {
    error: (issue: { code: string; keys?: string[] }) =>
      issue.code === 'unrecognized_keys' && issue.keys
        ? `Unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys
            .map((k) => `"${k}"`)
            .join(', ')}${hint ? `: ${hint}` : ''}`
        : undefined,
  };
}
