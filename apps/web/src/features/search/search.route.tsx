import { SearchPage } from './components/search-page.js';

/** The search results module (§2 search row: `/search?query=&productId=`, sign-in required). */
export default function SearchRoute() {
  return <SearchPage />;
}
