import { ApiError } from './api-client';

/**
 * `message` when the text as it will be sent (trimmed) is longer than `limit`: a form says so under
 * the field instead of cutting what was typed or pasted.
 */
export const tooLong = (text: string, limit: number, message: string) =>
  text.trim().length > limit ? message : null;

/** Field errors keyed by a form's paths (`capacity`, `slotTypes.1.name`), as `useForm` holds them. */
export type FormErrors = Record<string, string>;

/**
 * A refusal's field errors at the form's own paths, so the server's words land under the fields the
 * person typed in: `pathOf` turns the server's name into the form's (undefined when the form has no
 * field for it; those messages come back in `other`, for the sentence above the buttons). Null when
 * the refusal names no fields.
 */
export function refusedFields(
  error: unknown,
  pathOf: (serverField: string) => string | undefined = (field) => field,
): { fields: FormErrors; other: string[] } | null {
  if (!(error instanceof ApiError) || !error.fieldErrors) return null;
  const fields: FormErrors = {};
  const other: string[] = [];
  for (const [serverField, message] of Object.entries(error.fieldErrors)) {
    const path = pathOf(serverField);
    if (path === undefined) other.push(message);
    // The first message for a path stays (a batch's slots may each say the same of one field).
    else fields[path] ??= message;
  }
  return { fields, other };
}
