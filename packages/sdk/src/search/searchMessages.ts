// 002 §8 and 000 §4: the search box's texts in the specification's exact words (the curly quotes are
// the spec's). Templates hold a {placeholder}; the functions below fill them.
export const searchMessages = {
  stillLookingFor: "Still looking for ‘{query}’?",
  requestInformation: "Request information",
  informationRequested: "Information requested",
  noResults: "Your search did not match any records.",
  checkSpelling: "Make sure all words are spelled correctly.",
  tryDifferentKeywords: "Try different keywords.",
  ipsNotOnGraphs: "IPs cannot be added to graphs.",
  tryIpsOnBlockExplorer: "Try searching for IPs on Block Explorer.",
  ipsNotInTriage: "IP Addresses cannot be searched in Triage.",
  forensicsLicenseForIps: "Talk to your admin about getting a Forensics license to see IP results.",
  ipsNotOnThisPage: "IP Addresses cannot be searched in this page",
  // 002 §8 names the type in each section's delay message; the wording around it is ours.
  sectionDelayed: "{type} results are taking longer than usual.",
  retry: "Retry",
} as const;
