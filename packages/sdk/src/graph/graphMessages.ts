// 002 §5 / §8 and 001 §5: the graph tools' texts. The spec's exact words, except where marked ours.
export const graphMessages = {
  exportFailed: "Sorry, we are unable to export that graph at this time. Please try again later.",
  imageExportUnsupported:
    "Sorry we are not able to export in this browser. Please try again in a different browser.",
  offChainNodeNameRequired: "Please provide a name.",
  duplicated: "This item has been duplicated, only one will be added.",
  invalidElement: "Invalid address or transaction",
  noValidElements: "There are no valid elements to plot.",
  // 001 §5 says an element already on the graph is invalid, without wording; ours.
  alreadyOnGraph: "This item is already on the graph.",
  // 001 §9 caps; the wording is ours.
  tooManyAddresses: "Only the first {limit} addresses can be added at once.",
  tooManyTransactions: "Only the first {limit} transactions can be added at once.",
  // 002 §4 export warning step; the wording is ours.
  offChainExportWarning:
    "Off-chain nodes and connections are your own notes. They will be included in the exported file.",
} as const;
