import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const ADMIN = { client: "100", user: "ADMIN", department: "ADMIN", password: "e2e-Admin-Pass1" } as const;

export interface Login {
  client: string;
  user: string;
  department: string;
  password: string;
}

/** Fills the login form (the page must show it) and waits until the login page is gone. */
export async function logInThroughForm(page: Page, login: Login = ADMIN): Promise<void> {
  await page.getByLabel("Client").fill(login.client);
  await page.getByLabel("User").fill(login.user);
  await page.getByLabel("Department").fill(login.department);
  await page.getByLabel("Password").fill(login.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId("who-am-i")).toHaveText(`${login.user}/${login.department} @ ${login.client}`);
}

/** The Basic header of a login, for setting data up through the REST API. */
export function basicAuth(login: Login): string {
  return `Basic ${Buffer.from(`${login.client}/${login.user}/${login.department}:${login.password}`, "latin1").toString("base64")}`;
}

/** POST to the REST API as the administrator; fails the test unless the server answers 200. Imports answer an empty body. */
export async function adminPost(request: APIRequestContext, path: string, data: unknown): Promise<unknown> {
  const response = await request.post(`/ae/api/v1/100${path}`, { headers: { authorization: basicAuth(ADMIN) }, data });
  const text = await response.text();
  expect(response.status(), `POST ${path}: ${text}`).toBe(200);
  return text === "" ? undefined : JSON.parse(text);
}

/** The token agents connect with; the test server is started with it (playwright.config.ts), standalone agents of the tests pass it. */
export const E2E_AGENT_TOKEN = "e2e-agent-token-0123456789abcdef";
