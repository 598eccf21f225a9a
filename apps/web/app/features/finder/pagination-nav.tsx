// The finder's page links: the shared PageLinks over the current finder query.
import { PageLinks } from "../../components/pagination/pagination-nav.tsx";
import { useFinder } from "./finder-data.ts";
import { withPage } from "./finder-query.ts";

export function PaginationNav() {
  const { data, location } = useFinder();
  return (
    <PageLinks
      page={data.page}
      pageCount={data.pageCount}
      href={(n) => `${location.pathname}${withPage(location.search, n)}`}
    />
  );
}
