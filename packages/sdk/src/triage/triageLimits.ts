// 002 §9: triage lists page by 10 with a show-more button, the risk table shows 10 rows a page and the
// exchange table 5 records.
export const triageLimits = { listPageSize: 10, riskTablePageSize: 10, exchangeTableSize: 5 } as const;
