import Box from "@mui/material/Box";
import { useWaitingNotifications } from "../api/get-waiting-notifications";
import { useNotificationUpdates } from "../api/notification-events";
import { visuallyHidden } from "./priority-label";

/** The number of waiting notifications; undefined until known. Kept live by the event stream. */
export function useWaitingNotificationCount(): number | undefined {
  useNotificationUpdates();
  return useWaitingNotifications().data?.total;
}

/**
 * The count next to the "Inbox" navigation entry, read as part of the link ("Inbox, 3 waiting").
 * Nothing when none wait or the count is not known.
 */
export function InboxNavCount() {
  const count = useWaitingNotificationCount();
  if (count === undefined || count === 0) return null;
  return (
    <Box
      component="span"
      sx={{
        ml: 1,
        minWidth: 22,
        px: 0.75,
        borderRadius: 11,
        bgcolor: "error.main",
        color: "error.contrastText",
        fontSize: "0.75rem",
        fontWeight: 700,
        lineHeight: "22px",
        textAlign: "center",
      }}
    >
      <Box component="span" sx={visuallyHidden}>
        ,{" "}
      </Box>
      {count > 99 ? "99+" : count}
      <Box component="span" sx={visuallyHidden}>
        {" "}
        waiting
      </Box>
    </Box>
  );
}
