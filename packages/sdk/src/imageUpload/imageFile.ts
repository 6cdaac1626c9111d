// 002 §5: search by image accepts only these types and extensions.
export const acceptedImageTypes = ["image/jpeg", "image/png", "image/heic", "image/webp"] as const;
export const acceptedImageExtensions = [".jpg", ".png", ".heic", ".webp"] as const;

/** The value of the file input's `accept` attribute. */
export const imageInputAccept = [...acceptedImageTypes, ...acceptedImageExtensions].join(",");

/**
 * 002 §5: whether a picked or dropped file may be uploaded. The type decides when the browser gives one;
 * when it gives none (browsers often leave HEIC untyped) the extension decides, ignoring case.
 */
export function isAcceptedImageFile(file: { type: string; name: string }): boolean {
  if (file.type !== "") return (acceptedImageTypes as readonly string[]).includes(file.type.toLowerCase());
  const name = file.name.toLowerCase();
  return acceptedImageExtensions.some((extension) => name.endsWith(extension));
}
