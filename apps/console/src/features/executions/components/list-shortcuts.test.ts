import { describe, expect, it } from "vitest";
import { isTypingTarget, shortcutFor, type ElementLike } from "./list-shortcuts";

/** An element as the shortcut code sees it: a tag, attributes and the selectors its ancestors match. */
function element(tagName: string, attributes: Record<string, string> = {}, ancestors: string[] = [], isContentEditable = false): ElementLike {
  return {
    tagName,
    isContentEditable,
    getAttribute: (name) => attributes[name] ?? null,
    closest: (selector) => (selector.split(",").some((part) => ancestors.includes(part.trim())) ? {} : null),
  };
}

const press = (key: string, target: ElementLike | null = element("BODY"), modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) =>
  shortcutFor({ key, target, ctrlKey: false, metaKey: false, altKey: false, ...modifiers });

describe("shortcuts of the executions list", () => {
  it.each([
    ["j", "next"],
    ["k", "previous"],
    ["Enter", "open"],
    ["x", "toggle"],
    ["c", "cancel"],
    ["r", "restart"],
    ["?", "help"],
    ["q", null],
    ["J", null],
  ])("%s → %s", (key, action) => {
    expect(press(key)).toBe(action);
  });

  it("work on the focused row and with no element focused", () => {
    expect(press("j", element("TR", { tabindex: "0" }))).toBe("next");
    expect(press("Enter", element("TR", { tabindex: "0" }))).toBe("open");
    expect(press("k", null)).toBe("previous");
  });

  it("do not fire while typing", () => {
    expect(press("j", element("INPUT"))).toBeNull();
    expect(press("r", element("INPUT", { type: "search" }))).toBeNull();
    expect(press("?", element("TEXTAREA"))).toBeNull();
    expect(press("x", element("DIV", {}, [], true))).toBeNull();
    expect(press("c", element("DIV", {}, ['[role="combobox"]']))).toBeNull();
  });

  it("still fire on a checkbox, which takes no text", () => {
    expect(isTypingTarget(element("INPUT", { type: "checkbox" }))).toBe(false);
    expect(press("x", element("INPUT", { type: "checkbox" }))).toBe("toggle");
  });

  it("leave keys to open dialogs and menus", () => {
    expect(press("j", element("BUTTON", {}, ['[role="dialog"]']))).toBeNull();
    expect(press("Enter", element("LI", {}, ['[role="menu"]']))).toBeNull();
  });

  it("leave Enter to buttons and links", () => {
    expect(press("Enter", element("BUTTON", {}, ["button"]))).toBeNull();
    expect(press("Enter", element("A", { href: "/x" }, ["a[href]"]))).toBeNull();
    expect(press("j", element("BUTTON", {}, ["button"]))).toBe("next");
  });

  it("leave modified keys to the browser", () => {
    expect(press("r", element("BODY"), { ctrlKey: true })).toBeNull();
    expect(press("c", element("BODY"), { metaKey: true })).toBeNull();
  });
});
