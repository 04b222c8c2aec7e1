// modules/search-budget (ADR 0061): the per-caller budget of calls with search text, a hook
// the search, news and product news routes share. No routes of its own.
export { hasSearchText, searchBudgetHook } from './search-budget.js';
