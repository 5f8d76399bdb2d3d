import type { Privilege } from "@baton/contract";
import { describe, expect, it } from "vitest";
import type { AuthorizationEntry } from "../domain/authorization";
import type { Principal } from "./authenticator";
import { permissionsOf } from "./permissions";

function principal(authorizations: AuthorizationEntry[], privileges: Privilege[] = []): Principal {
  return { client: 100, userName: "U/D", user: "U", department: "D", rights: { privileges: new Set(privileges), authorizations } };
}

const grant = (objectType: string, objectName: string, bitcode: number): AuthorizationEntry => ({ objectType, objectName, bitcode, prohibits: false });

describe("permissionsOf", () => {
  it("answers each act of acts.ts per object, and the privileges sorted", () => {
    const reader = principal([grant("*", "*", 1 + 32), grant("JOBS", "OPS.*", 4 + 16)], ["SEARCH", "FORECASTS"]);
    expect(permissionsOf(reader, [{ type: "JOBS", name: "OPS.NIGHTLY" }, { type: "JOBP", name: "OPS.FLOW" }])).toEqual({
      privileges: ["FORECASTS", "SEARCH"],
      objects: [
        { type: "JOBS", name: "OPS.NIGHTLY", read: true, write: false, execute: true, delete: false, cancel: true, statistics: true },
        { type: "JOBP", name: "OPS.FLOW", read: true, write: false, execute: false, delete: false, cancel: false, statistics: true },
      ],
    });
  });

  it("refuses cancel without statistics, as cancelling an execution one may not see is refused", () => {
    const canceller = principal([grant("*", "*", 16)]);
    expect(permissionsOf(canceller, [{ type: "JOBS", name: "X" }]).objects[0]).toMatchObject({ cancel: false, statistics: false });
  });

  it("lets a prohibition win and asks the privilege for accounts and system variables", () => {
    const writer = principal([grant("*", "*", 63), { objectType: "JOBS", objectName: "SECRET.*", bitcode: 4, prohibits: true }]);
    const [secret, user, settings, vara] = permissionsOf(writer, [
      { type: "JOBS", name: "SECRET.JOB" },
      { type: "USER", name: "A/B" },
      { type: "VARA", name: "UC_CLIENT_SETTINGS" },
      { type: "VARA", name: "OPS.VALUES" },
    ]).objects;
    expect(secret).toMatchObject({ read: true, execute: false });
    expect(user).toMatchObject({ read: true, write: false, delete: false });
    expect(settings).toMatchObject({ write: false, delete: false });
    expect(vara).toMatchObject({ write: true, delete: true });
    const admin = principal([grant("*", "*", 63)], ["USER_ADMINISTRATION", "SYSTEM_ADMINISTRATION"]);
    expect(permissionsOf(admin, [{ type: "USER", name: "A/B" }, { type: "VARA", name: "UC_CLIENT_SETTINGS" }]).objects.map((o) => o.write)).toEqual([true, true]);
  });
});
