/**
 * A back-office form's fields, or null when the body cannot be read as a form (cut short, or not
 * multipart nor urlencoded): the page answers with its own message instead of a 500.
 */
export async function readFormData(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}
