import { expect, test } from "@playwright/test";
import { ADMIN, basicAuth, logInThroughForm, type Login } from "./login";

test("a read-only user sees executions but cannot execute, and the button says why", async ({ page, request }) => {
  const stamp = Date.now();
  const job = `E2E.READONLY.${stamp}`;
  const reader: Login = { client: "100", user: `READER${stamp}`, department: "OPS", password: "Reader-Pass1" };
  const api = (path: string, data: unknown) => request.post(`/ae/api/v1/100${path}`, { headers: { authorization: basicAuth(ADMIN) }, data });

  // Set up through the REST API: a job that ran once, and a user who may only read and see executions.
  expect((await api("/objects", { data: { jobs: { general_attributes: { name: job }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: ["echo ran"] }] } }, path: "" })).status()).toBe(200);
  expect((await api("/executions", { objectName: job, executionOption: "execute" })).status()).toBe(200);
  const user = {
    data: {
      user: {
        general_attributes: { name: `${reader.user}/${reader.department}` },
        user_attributes: { password: reader.password },
        authorizations: [{ filter_object_type: "*", filter_object_name: "*", bitcode: 1 + 32, auth_group: 1 }],
      },
    },
    path: "",
  };
  expect((await api("/objects", user)).status()).toBe(200);

  await page.goto("/executions");
  await expect(page).toHaveURL(/\/login/);
  await logInThroughForm(page, reader);
  await expect(page.getByRole("row").filter({ hasText: job })).toBeVisible();

  await page.goto(`/objects/${job}`);
  const execute = page.getByRole("button", { name: `Execute ${job}`, exact: true });
  await execute.click();
  await expect(page.getByText(`'Missing right': execute on JOBS '${job}'`)).toBeVisible();
  await expect(execute).toBeDisabled();
});
