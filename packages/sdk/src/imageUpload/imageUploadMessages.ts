// 002 §5 and §8: texts of search by image. The spec gives only 'Ask admin to enable AI'; the other
// wordings are ours.
export const imageUploadMessages = {
  aiDisabled: "Ask admin to enable AI",
  invalidFileType: "Only JPG, PNG, HEIC and WEBP images can be searched.",
  uploadFailed: "We could not upload that image. Please try again.",
  noIdentifiersFound: "No addresses or transactions were found in this image.",
} as const;
