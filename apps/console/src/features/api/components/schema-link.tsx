import { Link as RouterLink, useSearchParams } from "react-router";
import Link from "@mui/material/Link";
import { monospace } from "../../../lib/theme";
import { searchWith } from "./explorer-search";

/** A component's name as a link that opens it (`?schema=Name`), keeping the rest of the page's state. */
export function SchemaLink({ name }: { name: string }) {
  const [params] = useSearchParams();
  return (
    <Link component={RouterLink} to={{ search: searchWith(params, { schema: name }) }} sx={{ fontFamily: monospace, fontWeight: 600, overflowWrap: "anywhere" }}>
      {name}
    </Link>
  );
}
