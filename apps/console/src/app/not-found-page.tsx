import { Link as RouterLink, useLocation } from "react-router";
import Button from "@mui/material/Button";
import SearchOff from "@mui/icons-material/SearchOff";
import { EmptyState } from "../components/empty-state";

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <>
      <title>Page not found · Baton</title>
      <EmptyState
        icon={<SearchOff />}
        title="This page does not exist"
        action={
          <Button component={RouterLink} to="/executions" variant="outlined">
            Go to executions
          </Button>
        }
      >
        There is no screen at {pathname}.
      </EmptyState>
    </>
  );
}
