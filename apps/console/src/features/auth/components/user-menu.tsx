import { useState } from "react";
import { useNavigate } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import AccountCircleOutlined from "@mui/icons-material/AccountCircleOutlined";
import ArrowDropDown from "@mui/icons-material/ArrowDropDown";
import Check from "@mui/icons-material/Check";
import Logout from "@mui/icons-material/Logout";
import { useCurrentSession } from "../../../lib/session-context";
import { describeError } from "../../../lib/describe-error";
import { LOGGED_OUT, useLogout } from "../api/logout";
import { useSwitchClient } from "../api/switch-client";

/** Who am I (USER/DEPT @ client), switching to the user's other clients, and logout, for the app bar. */
export function UserMenu() {
  const session = useCurrentSession();
  const navigate = useNavigate();
  // flushSync: the login page must be committed before the session is cleared (see useLogout).
  const logout = useLogout(() => navigate("/login", { replace: true, state: LOGGED_OUT, flushSync: true }));
  // Pages of the previous client (a run id, an object) mean nothing in the new one.
  const switchClient = useSwitchClient(() => navigate("/executions"));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const who = `${session.department ? `${session.user}/${session.department}` : session.user} @ ${session.client}`;
  const otherClients = session.clients.filter((c) => c !== session.client);
  const failure = logout.error ?? switchClient.error;
  const failureText = failure ? describeError(failure).title : "";

  const identity = (
    <>
      <AccountCircleOutlined fontSize="small" aria-hidden />
      <Typography component="span" variant="body2" data-testid="who-am-i" sx={{ textTransform: "none" }}>
        {who}
      </Typography>
    </>
  );

  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
      {otherClients.length === 0 ? (
        <Box sx={{ display: { xs: "none", sm: "flex" }, alignItems: "center", gap: 0.75 }} aria-label={`Logged in as ${who}`}>
          {identity}
        </Box>
      ) : (
        <>
          <Button
            color="inherit"
            endIcon={<ArrowDropDown />}
            aria-label={`Logged in as ${who}. Switch client`}
            aria-haspopup="menu"
            aria-expanded={anchor !== null}
            loading={switchClient.isPending}
            onClick={(e) => setAnchor(e.currentTarget)}
            sx={{ display: { xs: "none", sm: "inline-flex" }, gap: 0.75 }}
          >
            {identity}
          </Button>
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            {[...session.clients].sort((a, b) => a - b).map((client) => (
              <MenuItem
                key={client}
                selected={client === session.client}
                onClick={() => {
                  setAnchor(null);
                  if (client !== session.client) switchClient.mutate({ client, csrfToken: session.csrf_token });
                }}
              >
                <ListItemIcon>{client === session.client ? <Check fontSize="small" /> : null}</ListItemIcon>
                <ListItemText primary={`Client ${client}`} secondary={client === session.client ? "current" : undefined} />
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
      <Tooltip title={failure ? `Failed: ${failureText}` : ""}>
        <Button color="inherit" startIcon={<Logout />} loading={logout.isPending} onClick={() => logout.mutate(session.csrf_token)}>
          Log out
        </Button>
      </Tooltip>
    </Box>
  );
}
