import { describe, expect, it } from "vitest";
import { basicAuthorization, parseBasicAuthorization } from "./basic-credentials";

function header(userPass: string): string {
  return `Basic ${Buffer.from(userPass, "latin1").toString("base64")}`;
}

describe("parseBasicAuthorization", () => {
  it.each([
    { userPass: "admin:pw", expected: { user: "ADMIN", password: "pw" } },
    { userPass: "ADMIN/ADMIN:pw", expected: { user: "ADMIN", department: "ADMIN", password: "pw" } },
    { userPass: "100/ADMIN/OPS:pw", expected: { client: 100, user: "ADMIN", department: "OPS", password: "pw" } },
    { userPass: "ADMIN/ADMIN:pa:ss", expected: { user: "ADMIN", department: "ADMIN", password: "pa:ss" } },
    { userPass: "ADMIN/ADMIN:", expected: { user: "ADMIN", department: "ADMIN", password: "" } },
  ])("reads $userPass", ({ userPass, expected }) => {
    expect(parseBasicAuthorization(header(userPass))).toEqual(expected);
  });

  it("decodes the user-pass part as ISO-8859-1", () => {
    const raw = `Basic ${Buffer.from([0x55, 0x2f, 0x44, 0x3a, 0xe9, 0xdf, 0xfc]).toString("base64")}`; // U/D:éßü in ISO-8859-1
    expect(parseBasicAuthorization(raw)).toEqual({ user: "U", department: "D", password: "éßü" });
  });

  it.each([undefined, "", "Bearer abc", "Basic", "Basic !!!", header("nopassword"), header(":pw"), header("a//b:pw"), header("x/a/b:pw"), header("1/2/3/4:pw")])(
    "refuses %s",
    (value) => {
      expect(parseBasicAuthorization(value)).toBeNull();
    },
  );

  it("decodes the user-pass part as UTF-8 when its bytes beyond ASCII are UTF-8", () => {
    const utf8 = (userPass: string) => `Basic ${Buffer.from(userPass, "utf8").toString("base64")}`;
    expect(parseBasicAuthorization(utf8("U/D:éßü-€"))).toEqual({ user: "U", department: "D", password: "éßü-€" });
    expect(parseBasicAuthorization(header("U/D:Pässwörd-é1"))).toEqual({ user: "U", department: "D", password: "Pässwörd-é1" });
  });

  it.each(["pässwörd", "Euro€-pass-1", "plain"])("round-trips %s with basicAuthorization", (password) => {
    const credentials = { client: 100, user: "ADMIN", department: "ADMIN", password };
    expect(parseBasicAuthorization(basicAuthorization(credentials))).toEqual(credentials);
  });
});
