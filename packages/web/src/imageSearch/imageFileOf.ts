/** The first file of a paste or drop (a screenshot copied to the clipboard), or null for text. */
export function imageFileOf(data: DataTransfer | null): File | null {
  return data?.files[0] ?? null;
}
