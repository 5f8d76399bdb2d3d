import { useState, type FormEvent } from "react";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { ErrorAlert } from "../../../components/error-alert";
import { ColorModeToggle } from "../../../components/color-mode-toggle";
import { isApiError, loadSchema } from "../../../lib/api-client";
import { safeNextPath } from "../../../lib/format";
import { useKnownSession } from "../api/get-session";
import { useLogin } from "../api/login";

type Field = "client" | "user" | "department" | "password";

const LOGIN_HINTS: Record<number, string> = {
  401: "Check the client, user, department and password. After repeated failures the user is locked; an administrator can unlock it.",
  429: "Too many login attempts. Wait a minute, then try again.",
};

/** Whether the navigation came from logout (LOGGED_OUT): the cached session is about to be cleared, show the form. */
function isLoggedOutState(state: unknown): boolean {
  return typeof state === "object" && state !== null && "loggedOut" in state && state.loggedOut === true;
}

/**
 * The form's values checked against the contract. The schema loads on the first submit, not
 * with the page.
 */
async function checkLoginForm(candidate: { client: number; user: string; department: string; password: string }) {
  const InSessionBody = await loadSchema("InSessionBody");
  return InSessionBody.safeParse(candidate);
}

export function LoginPage() {
  const location = useLocation();
  const justLoggedOut = isLoggedOutState(location.state);
  const [searchParams] = useSearchParams();
  const requestedNext = searchParams.get("next");
  const next = safeNextPath(requestedNext);
  const navigate = useNavigate();
  const session = useKnownSession();
  const login = useLogin();
  const [client, setClient] = useState("100");
  const [user, setUser] = useState("");
  const [department, setDepartment] = useState("");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [checkError, setCheckError] = useState<unknown>(null);

  // Someone who came here with a session the app knows goes on; the form is for everyone else.
  if (session.data && !justLoggedOut) return <Navigate to={next} replace />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const candidate = {
      client: client.trim() === "" ? Number.NaN : Number(client),
      user: user.trim().toUpperCase(),
      department: department.trim().toUpperCase(),
      password,
    };
    void checkLoginForm(candidate).then((parsed) => {
      setCheckError(null);
      if (!parsed.success) {
        const errors: Partial<Record<Field, string>> = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path[0];
          if (field === "client") errors.client = "Enter a client number from 0 to 9999.";
          if (field === "user") errors.user = "Enter your user name.";
          if (field === "department") errors.department = "The department is too long.";
          if (field === "password") errors.password = "Enter your password.";
        }
        setFieldErrors(errors);
        return;
      }
      setFieldErrors({});
      login.mutate(parsed.data, { onSuccess: () => navigate(next, { replace: true }) });
    }, setCheckError);
  };

  const loginError = login.error ?? checkError;
  const hint = isApiError(loginError) ? LOGIN_HINTS[loginError.status] : undefined;

  return (
    <Box sx={{ minHeight: "100vh", display: "flex", alignItems: "center", justifyContent: "center", p: 2, bgcolor: "background.default" }}>
      <title>Log in · Baton</title>
      <Box sx={{ position: "fixed", top: 8, right: 8 }}>
        <ColorModeToggle />
      </Box>
      <Paper component="main" variant="outlined" sx={{ width: "100%", maxWidth: 400, p: { xs: 3, sm: 4 } }}>
        <Typography variant="h1" sx={{ mb: 0.5 }}>
          Baton
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {requestedNext !== null && next === requestedNext
            ? `Log in to continue to ${next}.`
            : "Log in to the workload automation console."}
        </Typography>
        <Box component="form" noValidate onSubmit={submit} aria-label="Log in">
          <Stack spacing={2}>
            <TextField
              label="Client"
              name="client"
              type="number"
              value={client}
              onChange={(e) => setClient(e.target.value)}
              error={fieldErrors.client !== undefined}
              helperText={fieldErrors.client}
              slotProps={{ htmlInput: { min: 0, max: 9999, inputMode: "numeric" } }}
              required
            />
            <TextField
              label="User"
              name="user"
              autoComplete="username"
              value={user}
              onChange={(e) => setUser(e.target.value)}
              error={fieldErrors.user !== undefined}
              helperText={fieldErrors.user}
              slotProps={{ htmlInput: { autoCapitalize: "characters", spellCheck: false, style: { textTransform: "uppercase" } } }}
              required
              autoFocus
            />
            <TextField
              label="Department"
              name="department"
              value={department}
              onChange={(e) => setDepartment(e.target.value)}
              error={fieldErrors.department !== undefined}
              helperText={fieldErrors.department}
              slotProps={{ htmlInput: { autoCapitalize: "characters", spellCheck: false, style: { textTransform: "uppercase" } } }}
            />
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={fieldErrors.password !== undefined}
              helperText={fieldErrors.password}
              required
            />
            {loginError ? <ErrorAlert error={loginError} context="Login failed" hint={hint} /> : null}
            <Button type="submit" variant="contained" size="large" loading={login.isPending}>
              Log in
            </Button>
          </Stack>
        </Box>
      </Paper>
    </Box>
  );
}
