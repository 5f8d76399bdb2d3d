import { useState, type FormEvent } from "react";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { BranchName, type InRepositoryInit } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { useInitRepository } from "../api/init-repository";
import { WorkProgress } from "./work-progress";

interface InitFields {
  repository_url: string;
  branch: string;
  username: string;
  password: string;
  author_name: string;
  author_email: string;
}

const EMPTY: InitFields = { repository_url: "", branch: "main", username: "", password: "", author_name: "", author_email: "" };

/** The body to send: empty optional fields left out, so the server's defaults apply. */
function initBody(fields: InitFields): InRepositoryInit {
  const optional = (value: string) => (value.trim() === "" ? undefined : value.trim());
  return {
    repository_url: fields.repository_url.trim(),
    branch: fields.branch.trim(),
    username: optional(fields.username),
    password: fields.password === "" ? undefined : fields.password,
    author_name: optional(fields.author_name),
    author_email: optional(fields.author_email),
  };
}

/** Shown while the client has no repository: where it lives and who commits; cloning and importing can take a while. */
export function InitRepositoryForm() {
  const [fields, setFields] = useState<InitFields>(EMPTY);
  const [tried, setTried] = useState(false);
  const init = useInitRepository();
  const urlMissing = fields.repository_url.trim() === "";
  const branchInvalid = !BranchName.safeParse(fields.branch.trim()).success;
  const set = (name: keyof InitFields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (urlMissing || branchInvalid) return;
    init.mutate(initBody(fields));
  };
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }} component="form" onSubmit={submit} noValidate aria-labelledby="init-repository-title">
      <Typography variant="h2" id="init-repository-title" gutterBottom>
        Connect a Git repository
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        This client has no repository yet. Baton clones it and imports its objects; when the branch is empty, it commits the client's objects to it instead.
      </Typography>
      <Stack spacing={2}>
        <TextField
          label="Repository URL"
          required
          value={fields.repository_url}
          onChange={set("repository_url")}
          error={tried && urlMissing}
          helperText={tried && urlMissing ? "Enter the URL or path of the repository." : "https://…, ssh://…, or a path to a bare repository on the server"}
        />
        <TextField label="Branch" required value={fields.branch} onChange={set("branch")} error={tried && branchInvalid} helperText={tried && branchInvalid ? "Enter a branch name git accepts, e.g. main." : " "} />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField label="User name" value={fields.username} onChange={set("username")} autoComplete="off" fullWidth helperText="For HTTPS remotes that ask for one" />
          <TextField label="Password or token" type="password" value={fields.password} onChange={set("password")} autoComplete="new-password" fullWidth />
        </Stack>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField label="Author name" value={fields.author_name} onChange={set("author_name")} fullWidth helperText="Git's default author; each commit names the user who made it" />
          <TextField label="Author e-mail" type="email" value={fields.author_email} onChange={set("author_email")} fullWidth helperText="Put on every commit; baton@localhost when empty" />
        </Stack>
        {init.isPending ? <WorkProgress label="Cloning the repository and importing its objects…" /> : null}
        {init.error ? <ErrorAlert error={init.error} context="The repository was not connected" hint="Check the URL, the branch name and the credentials, then try again." /> : null}
        <div>
          <Button type="submit" variant="contained" loading={init.isPending}>
            Connect repository
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
