// Table-filter messages. The specification gives no wording for these; this is ours.
export const filterMessages = {
  notANumber: "Enter a number",
  operatorNotAllowed: "This column can only be filtered by at least or at most",
  dateRangeIncomplete: "Choose a start and an end date",
  invalidTransactionHash: "Not a valid transaction hash",
  notAddressUrn: "Paste an address URN (urn:sleuth:address:…)",
  invalidDate: "Not a valid date: use YYYY-MM-DD or an ISO 8601 time",
} as const;
