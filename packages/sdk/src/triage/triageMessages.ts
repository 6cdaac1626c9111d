// 002 §5 and §8: the Triage module's texts. The first four are the specification's exact words (the
// curly apostrophe is the spec's); the spec names the others without wording, so theirs is ours.
// 'Failed to fetch risk indicators. Please try again later.' is platformMessages.riskIndicatorsFailed.
export const triageMessages = {
  addressPropertiesFailed: "Failed to fetch address properties. Please try again later.",
  contactUpdateFailed: "There was an issue making your contact update suggestion. Please try again.",
  lawEnforcementCommentsRequired:
    "To help us expedite your suggestion, please let us know exactly what you’re looking for.",
  copyFailed: "unable to copy",
  noActivity: "We found no activity for this address.",
  invalidAddress: "This address is not valid on this chain.",
  invalidTransaction: "This transaction hash is not valid on this chain.",
  flagRemoved: "Your flag has been removed.",
  flagsFailed: "We could not load your flags. Please try again.",
  flagDeleteFailed: "We could not remove your flag. Please try again.",
  interestsFailed: "We could not load investigation interests. Please try again.",
  interestDeleteFailed: "We could not remove your interest. Please try again.",
  interestViewFailed: "We could not show the interested investigators. Please try again.",
  victimReportsFailed: "We could not load victim reports. Please try again.",
  detectorFailed: "We could not create the detector. Please try again.",
  lawEnforcementThanks: "Thank you. Your suggestion has been sent.",
} as const;
