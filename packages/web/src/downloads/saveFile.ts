/** Hands the browser a file to save: a CSV held in memory, or a URL the server answers with one. */
export function saveFile(source: { text: string } | { url: string }, fileName: string): void {
  const link = document.createElement("a");
  const objectUrl =
    "text" in source ? URL.createObjectURL(new Blob([source.text], { type: "text/csv" })) : null;
  link.href = objectUrl ?? ("url" in source ? source.url : "");
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  if (objectUrl) setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
