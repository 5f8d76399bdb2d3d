export const sessionKeys = {
  current: ["session"] as const,
};
