// 002 §5 and §8: the exact words of the share dialog.
export const sharingMessages = {
  lastEditor: "There should be atleast one editor for the custom entity.",
  updateFailed: "Failed to update sharing settings. Please try again.",
  updated: "Sharing settings updated successfully",
  linkCopied: "Link copied to clipboard",
  linkCopyFailed: "Failed to copy link",
} as const;
